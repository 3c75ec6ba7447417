import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import './tooltip.css';

/** A tooltip for a focusable React Aria child; shown on hover and keyboard focus. */
export function Tooltip({
  label,
  children,
  isDisabled,
  placement = 'end',
}: {
  label: string;
  children: React.ReactElement;
  isDisabled?: boolean;
  placement?: 'start' | 'end' | 'top' | 'bottom';
}) {
  return (
    <TooltipTrigger delay={300} closeDelay={0} {...(isDisabled ? { isDisabled } : {})}>
      {children}
      <AriaTooltip placement={placement} offset={8} className="tooltip">
        {label}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
