import type { User } from '@medibuddy/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n';
import { useSignOut } from '../../../lib/sign-out';
import { initialOf } from '../../../lib/user-initial';

const ITEM =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-base text-slate-800 ' +
  'hover:bg-teal-50 focus:bg-teal-50 focus:outline-none focus-visible:outline-2 focus-visible:outline-teal-700';

/**
 * The round initial-letter button and its menu (WAI-ARIA menu button pattern): arrow keys, Home and End move
 * between items, Escape closes and returns focus to the button, Tab or a click elsewhere closes.
 */
export function AccountMenu({ user }: { user: User }) {
  const [isOpen, setIsOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();
  const buttonId = useId();
  const signOut = useSignOut();

  useEffect(() => {
    if (isOpen) itemRefs.current[focusIndex]?.focus();
  }, [isOpen, focusIndex]);

  useEffect(() => {
    if (!isOpen) return;
    function closeOnOutsidePointer(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [isOpen]);

  function open(index: number) {
    setFocusIndex(index);
    setIsOpen(true);
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      open(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      open(2);
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const count = itemRefs.current.length;
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % count,
      ArrowUp: (focusIndex - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close({ returnFocus: true });
    } else if (event.key === 'Tab') {
      close({ returnFocus: false });
    }
  }

  const initial = initialOf(user);
  const items = [
    { label: t('account.profile'), to: '/user-profile' },
    { label: t('account.dashboard'), to: '/health-record' },
  ];

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={t('account.menuFor', { name: user.name })}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-busy={signOut.isPending || undefined}
        onClick={() => (isOpen ? close({ returnFocus: false }) : open(0))}
        onKeyDown={handleButtonKeyDown}
        className="flex size-10 items-center justify-center rounded-full bg-teal-700 text-lg font-bold text-white shadow-sm hover:bg-teal-800"
      >
        {signOut.isPending ? <Spinner /> : initial}
      </button>
      {isOpen ? (
        <div className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <div className="border-b border-slate-100 px-3 pt-1 pb-2">
            <p className="truncate font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <ul id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={handleMenuKeyDown} className="mt-1">
            {items.map((item, index) => (
              <li key={item.label} role="none">
                <Link
                  ref={(node) => {
                    itemRefs.current[index] = node;
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  className={ITEM}
                  onClick={() => close({ returnFocus: false })}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li role="none">
              <button
                ref={(node) => {
                  itemRefs.current[2] = node;
                }}
                role="menuitem"
                tabIndex={-1}
                type="button"
                className={ITEM}
                onClick={() => {
                  close({ returnFocus: false });
                  signOut.mutate();
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
