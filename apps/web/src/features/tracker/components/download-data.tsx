/**
 * "Download your data" (docs/contracts.md, beyond the specification): a from/to range, the displayed week by
 * default, linking to the CSV export; ranges the server would refuse (reversed, over 366 days) are explained
 * instead of linked.
 */
import { addDays, trackerCopy } from '@portal/contracts';
import { useId, useState } from 'react';
import { useClientConfig } from '../../../shared/config/client-config.tsx';
import { exportHref, isValidExportRange } from '../api/export-url.ts';

export function DownloadData({ accountId, from }: { accountId: string; from: string }) {
  const config = useClientConfig();
  const [range, setRange] = useState({ from, to: addDays(from, 6) });
  const fromId = useId();
  const toId = useId();
  const valid = isValidExportRange(range.from, range.to);

  return (
    <section className="tracker-card download-data" aria-labelledby="download-data-title">
      <h2 id="download-data-title">{trackerCopy.downloadTitle}</h2>
      <p className="download-data__intro">{trackerCopy.downloadIntro}</p>
      <div className="download-data__row">
        <div className="download-data__field">
          <label htmlFor={fromId}>{trackerCopy.downloadFrom}</label>
          <input
            id={fromId}
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
          />
        </div>
        <div className="download-data__field">
          <label htmlFor={toId}>{trackerCopy.downloadTo}</label>
          <input
            id={toId}
            type="date"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
          />
        </div>
        {valid && (
          <a
            className="button button--secondary"
            href={exportHref(config, accountId, range.from, range.to)}
            download
          >
            {trackerCopy.downloadLink}
          </a>
        )}
      </div>
      {!valid && (
        <p className="download-data__error" role="status">
          {trackerCopy.downloadRangeError}
        </p>
      )}
    </section>
  );
}
