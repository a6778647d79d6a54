/** The rewards structure of the overview (docs/screens.md, docs/rules.md#states-and-transitions reward tiers). */
import { eventCopy, type RewardTierKey, rewardTiers } from '@portal/contracts';
import { RankIcon } from './rank-icon.tsx';

const rows: { tier: RewardTierKey; text: string }[] = [
  { tier: 'gold', text: eventCopy.rewardGold },
  { tier: 'silver', text: eventCopy.rewardSilver },
  { tier: 'bronze', text: eventCopy.rewardBronze },
];

export function RewardsStructure() {
  return (
    <section className="rr-card" aria-labelledby="rr-rewards-title">
      <h2 id="rr-rewards-title">{eventCopy.rewardsTitle}</h2>
      <p>{eventCopy.rewardsIntro}</p>
      <ul className="rr-rewards">
        {rows.map(({ tier, text }) => (
          <li key={tier} className="rr-rewards__item">
            <RankIcon tier={tier} />
            <span className="rr-rewards__motto">‘{rewardTiers[tier].text}’</span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
