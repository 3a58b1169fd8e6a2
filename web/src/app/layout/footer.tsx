import { LogoMark } from '../../components/ui/icons';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 font-semibold text-slate-800">
          <LogoMark className="size-6" />
          MediBuddy
        </p>
        <p>© 2024 MediBuddy. Health information, not a diagnosis.</p>
      </div>
    </footer>
  );
}
