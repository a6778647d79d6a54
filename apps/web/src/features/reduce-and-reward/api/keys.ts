/** Query keys of the event portal, in one place so that every query and invalidation agrees. */
export const eventKeys = {
  all: ['reduce-and-reward'] as const,
  list: (accountId: string) => [...eventKeys.all, accountId, 'events'] as const,
  history: (accountId: string) => [...eventKeys.all, accountId, 'history'] as const,
  upcoming: (accountId: string) => [...eventKeys.all, accountId, 'upcoming'] as const,
  progress: (accountId: string, eventId: string) =>
    [...eventKeys.all, accountId, 'progress', eventId] as const,
  announced: (accountId: string, eventId: string) =>
    [...eventKeys.all, accountId, 'announced', eventId] as const,
};
