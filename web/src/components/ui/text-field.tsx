import {
  useId,
  type AriaAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { useIsPageLeaving } from './page-leaving';

const CONTROL =
  'block w-full rounded-lg border border-slate-400 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-500 hover:border-slate-500 focus:border-teal-700 ' +
  'read-only:bg-slate-100 read-only:text-slate-700 disabled:cursor-not-allowed disabled:bg-slate-100';

type FieldProps = {
  label: string;
  /** Shown under the field before any error: a rule or an example. */
  hint?: ReactNode;
  /** A full sentence; its presence marks the field invalid and is read with it. */
  error?: string;
  /** Ids of other elements that describe this field (an inline notice, a counter). */
  describedBy?: string;
  /**
   * Announce the error the moment it appears. For errors that arrive from the server while focus is
   * elsewhere; errors found on submit are read when focus moves to the field.
   */
  isErrorLive?: boolean;
  className?: string;
};

/** What the frame around a control shows: its label, then the control, its error and its hint. */
type FrameProps = Omit<FieldProps, 'describedBy'> & { labelFor?: string; hintId?: string; errorId?: string };

/**
 * Splits a field's props into its frame's and its control's, and links the two: the control gets the id the label
 * points to and, in aria-describedby, the ids of the texts that describe it.
 */
function useField<P extends FieldProps & { id?: string; 'aria-invalid'?: AriaAttributes['aria-invalid'] }>({
  label,
  hint,
  error,
  describedBy,
  isErrorLive,
  className = '',
  id,
  ...control
}: P) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const frame: FrameProps = {
    label,
    hint,
    error,
    isErrorLive,
    className,
    labelFor: useIsPageLeaving() ? undefined : inputId,
    hintId,
    errorId,
  };
  return {
    frame,
    control: {
      ...control,
      id: inputId,
      'aria-invalid': error ? true : control['aria-invalid'],
      'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
    },
  };
}

function FieldFrame({ frame, after, children }: { frame: FrameProps; after?: ReactNode; children: ReactNode }) {
  return (
    <div className={frame.className}>
      <label htmlFor={frame.labelFor} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {frame.label}
      </label>
      {children}
      {frame.error ? (
        <p
          id={frame.errorId}
          role={frame.isErrorLive ? 'alert' : undefined}
          className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-700"
        >
          <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm.9 8.4a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
          </svg>
          <span>{frame.error}</span>
        </p>
      ) : null}
      {frame.hint ? (
        <p id={frame.hintId} className="mt-1.5 text-sm text-slate-600">
          {frame.hint}
        </p>
      ) : null}
      {after}
    </div>
  );
}

type TextFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    ref?: Ref<HTMLInputElement>;
    /**
     * Shown at the end of the input, e.g. a unit ('mg/dL'). Visual only: say the same in the hint, which is
     * read with the field.
     */
    suffix?: ReactNode;
    /** Under the hint, e.g. a 'Not measured' checkbox that belongs to this field. */
    after?: ReactNode;
  };

/** A labelled input. The label is the accessible name; hint and error are linked with aria-describedby. */
export function TextField({ ref, suffix, after, ...props }: TextFieldProps) {
  const { frame, control } = useField(props);
  const input = <input {...control} ref={ref} className={suffix ? `${CONTROL} min-w-0 rounded-r-none` : CONTROL} />;
  return (
    <FieldFrame frame={frame} after={after}>
      {suffix ? (
        <div className="flex items-stretch">
          {input}
          <span
            aria-hidden="true"
            className="inline-flex shrink-0 items-center rounded-r-lg border border-l-0 border-slate-400 bg-slate-100 px-3 text-sm whitespace-nowrap text-slate-700"
          >
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ ref, ...props }: TextAreaFieldProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame frame={frame}>
      <textarea {...control} ref={ref} className={`${CONTROL} min-h-32 resize-y`} />
    </FieldFrame>
  );
}
