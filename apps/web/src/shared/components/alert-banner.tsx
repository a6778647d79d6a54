/**
 * The alert banner (docs/rules.md#states-and-transitions): the current alert with a Close button. Warnings and errors are announced at
 * once (role="alert"); information and success politely (role="status").
 */
import { copy } from '@portal/contracts';
import { useAlert, useCurrentAlert } from '../alerts/alert-provider.tsx';
import './alert-banner.css';

export function AlertBanner() {
  const alert = useCurrentAlert();
  const { closeAlert } = useAlert();
  if (!alert) return null;
  const urgent = alert.kind === 'warning' || alert.kind === 'error';
  return (
    <div className="alert-region">
      <div key={alert.id} className={`alert alert--${alert.kind}`} data-kind={alert.kind}>
        <p className="alert__message" role={urgent ? 'alert' : 'status'}>
          {alert.message}
        </p>
        <button type="button" className="alert__close" onClick={closeAlert}>
          {copy.close}
        </button>
      </div>
    </div>
  );
}
