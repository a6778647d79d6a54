/** Shown while a screen's code loads (lazy routes). */
import { copy } from '@portal/contracts';

export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      {copy.loading}
    </p>
  );
}
