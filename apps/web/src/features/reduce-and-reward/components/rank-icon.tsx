/**
 * The rank of an event (docs/screens.md): a medal in the tier's colour carrying the tier's initial, beside the tier's
 * name, so the rank never relies on colour alone.
 */
import { type RewardTierKey, rewardTiers } from '@portal/contracts';

const initials: Record<RewardTierKey, string> = { gold: 'G', silver: 'S', bronze: 'B' };

export function RankIcon({ tier }: { tier: RewardTierKey }) {
  return (
    <span className={`rank rank--${tier}`} data-testid={`rank-${tier}`}>
      <svg className="rank__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path className="rank__ribbon" d="M7 1h4l2 7H9zM13 1h4l-2 7h-4z" />
        <circle className="rank__medal" cx="12" cy="15" r="8" />
        <text className="rank__initial" x="12" y="19" textAnchor="middle">
          {initials[tier]}
        </text>
      </svg>
      <span className="rank__name">{rewardTiers[tier].name}</span>
    </span>
  );
}
