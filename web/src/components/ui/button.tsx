import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
type ButtonSize = 'md' | 'lg' | 'sm';

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900',
  secondary: 'border border-teal-700 bg-white text-teal-800 hover:bg-teal-50 active:bg-teal-100',
  ghost: 'text-teal-800 hover:bg-teal-50 active:bg-teal-100',
  // For use on the teal/blue gradient: white outline, white text.
  inverse: 'border-2 border-white bg-transparent text-white hover:bg-white/15 focus-visible:outline-white',
};

const SIZE: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-12 px-7 text-base',
};

/** Shared by <Button> and links that look like buttons, so both read the same. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress',
    VARIANT[variant],
    SIZE[size],
    extra,
  ].join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button says so (aria-busy, a spinner and `loadingText`) and ignores further clicks. */
  isLoading?: boolean;
  loadingText?: string;
  children: ReactNode;
};

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  loadingText = 'Loading...',
  className = '',
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClasses(variant, size, className)}
      aria-busy={isLoading || undefined}
      aria-disabled={isLoading || rest['aria-disabled'] || undefined}
      onClick={(event) => {
        // Kept focusable while busy (a disabled button drops keyboard focus), but a second submit is ignored.
        if (isLoading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {isLoading ? (
        <>
          <Spinner />
          <span>{loadingText}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
