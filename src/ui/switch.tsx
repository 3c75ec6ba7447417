import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import './switch.css';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className'> {
  /** The visible label, which is also the switch's accessible name. */
  children: React.ReactNode;
  className?: string;
}

/** An on/off setting that applies at once (no Save button), with a 40px tall target. */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={['switch', className].filter(Boolean).join(' ')}>
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__label">{children}</span>
    </AriaSwitch>
  );
}
