/** Where the signed click links of an email's HTML lead: each followed through the app (302), in order. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export async function clickTargets(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  html: string,
  publicUrl: string,
): Promise<string[]> {
  const targets: string[] = [];
  for (const [, link] of html.matchAll(/href="([^"]+\/api\/email\/click\?t=[^"]+)"/g)) {
    expect(link?.startsWith(`${publicUrl}/api/email/click?t=`)).toBe(true);
    const response = await inject({ method: 'GET', url: (link as string).replace(publicUrl, '') });
    expect(response.statusCode).toBe(302);
    targets.push(response.headers.location as string);
  }
  return targets;
}
