import { Button as AriaButton, type ButtonProps as AriaButtonProps, ProgressBar } from 'react-aria-components';
import './button.css';

export interface ButtonProps extends AriaButtonProps {
  variant?: 'primary' | 'secondary' | 'quiet' | 'danger';
  children: React.ReactNode;
}

/** Our button: React Aria's, with variants and a spinner while `isPending` (it cannot be pressed then). */
export function Button({ variant = 'secondary', children, className, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}>
      {({ isPending }) => (
        <>
          {isPending && (
            <ProgressBar aria-label="In progress" isIndeterminate className="button__spinner">
              <span aria-hidden="true" />
            </ProgressBar>
          )}
          <span className={isPending ? 'button__label button__label--pending' : 'button__label'}>{children}</span>
        </>
      )}
    </AriaButton>
  );
}
