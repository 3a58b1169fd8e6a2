import { ShieldIcon } from '../../../components/ui/icons';

export const NOT_A_DIAGNOSIS =
  'MediBuddy is not a diagnosis. Its results are estimates to discuss with a qualified clinician, who can examine you and order the right tests.';
export const EMERGENCY_NOTICE =
  'In an emergency (chest pain, trouble breathing, fainting, sudden weakness or confusion, severe pain) call your local emergency number now.';

type HealthNoticeProps = {
  notADiagnosis?: string;
  emergency?: string;
  className?: string;
};

/** The 'not a diagnosis' and emergency notice every test page carries; result pages pass the server's words. */
export function HealthNotice({ notADiagnosis = NOT_A_DIAGNOSIS, emergency = EMERGENCY_NOTICE, className = '' }: HealthNoticeProps) {
  return (
    <aside
      aria-label="Important"
      className={`flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-base leading-relaxed text-amber-950 ${className}`}
    >
      <ShieldIcon className="mt-1 size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{notADiagnosis}</p>
        <p>{emergency}</p>
      </div>
    </aside>
  );
}
