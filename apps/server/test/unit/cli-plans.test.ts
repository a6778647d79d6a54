/** Plans on offer through the operator CLI (issue 17, docs/plans.md): imported, validated, listed. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPortal, withTemporaryDataDir } from '../helpers/cli.ts';

// The run's migrated DATA_DIR is made beside the first files: a file may wait for it.
const dataDir = withTemporaryDataDir('portal-cli-plans-', { migrated: true, timeoutMs: 120_000 });
const demoPlansFile = path.resolve(import.meta.dirname, '../../src/demo/plans/plans-2026.json');

describe('portal tariffs with plans on offer', () => {
  it('imports the plans on offer and lists who may take each', async () => {
    expect((await runPortal('tariffs', 'import', demoPlansFile)).out[0]).toBe(
      'Tariffs: 5 created (PLAN-FLAT-2026, PLAN-TOU-2026, PLAN-FLAT-CL-2026, PLAN-SOLAR-2026, PLAN-BIZ-FLAT-2026), 0 unchanged, 0 replaced.',
    );
    const list = await runPortal('tariffs', 'list');
    expect(list.out[0]).toBe('code\tname\tusage\tsupply_c_per_day\tfeed_in_c_per_kwh\taccounts\ton_offer');
    expect(list.out).toContain(
      'PLAN-FLAT-CL-2026\tFlat with Hot Water\tflat\t116.60\t0\t0\tresidential (needs controlled load)',
    );
    expect(list.out).toContain(
      'PLAN-SOLAR-2026\tSolar Max\tflat\t121.00\t8.00\t0\tresidential (needs solar)',
    );
    expect(list.out).toContain('PLAN-BIZ-FLAT-2026\tBusiness Flat\tflat\t132.00\t0\t0\tsme');
    const json = await runPortal('tariffs', 'list', '--json');
    const listed = JSON.parse(json.out.join('\n')) as {
      tariffs: { code: string; definition: { offer?: unknown } }[];
    };
    expect(listed.tariffs.find((row) => row.code === 'PLAN-TOU-2026')?.definition.offer).toEqual({
      segments: ['residential'],
      requires_solar: false,
      requires_controlled_load: false,
    });
  });

  it.each([
    [{ segments: [] }, 'offer.segments: a plan on offer is open to at least one segment'],
    [{ segments: ['household'] }, "offer.segments.0: a segment is 'residential' or 'sme'"],
    [
      { segments: ['residential'], requires_controlled_load: true },
      'offer.requires_controlled_load: offer.requires_controlled_load needs a controlled_load price',
    ],
    [{ segments: ['sme'], open: true }, 'offer: Unrecognized key: "open"'],
  ])('refuses the offer %j with a clear message', async (offer, message) => {
    const file = path.join(dataDir(), 'bad-plan.json');
    const plan = {
      code: 'BAD-PLAN',
      name: 'Bad plan',
      supply_cents_per_day: '100.00',
      usage: { type: 'flat', cents_per_kwh: '30.00' },
      offer,
    };
    fs.writeFileSync(file, JSON.stringify(plan));
    const result = await runPortal('tariffs', 'import', file);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(`not a valid tariff file: ${message}`);
  });
});
