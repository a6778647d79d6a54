/** The runtime configuration the server hands the web app, so that one build serves any retailer. */
import { z } from 'zod';

export const retailerSchema = z.object({
  name: z.string(),
  phone: z.string(),
  ideasEmail: z.string(),
  accessEmail: z.string(),
  siteUrl: z.string(),
  helpCentreUrl: z.string(),
  faqUrl: z.string(),
  accountSiteUrl: z.string(),
  happyHoursConditionsUrl: z.string(),
  energyTipsUrl: z.string(),
  legalEntity: z.string(),
});
export type Retailer = z.infer<typeof retailerSchema>;

export const clientConfigSchema = z
  .object({
    clientCode: z.string(),
    retailer: retailerSchema,
    /** The three bases of docs/api.md#calls. */
    apiBase: z.string(),
    reduceAndRewardBase: z.string(),
    innovativeBillingBase: z.string(),
    /** Error reporting: on only when a DSN is configured. */
    sentryDsn: z.string().nullable(),
    environment: z.string(),
    /** Navigation bar links (docs/screens.md, show-links option) and the footer's Settings link (hide-settings). */
    showLinks: z.boolean(),
    hideSettings: z.boolean(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
