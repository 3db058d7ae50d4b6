import { z } from 'zod';

/**
 * What a person may choose to hear about by email. Security mail (password links and notices) is
 * not among them: it is always sent.
 */
export const MAIL_TOPICS = [
  'receipts',
  'rent',
  'lease',
  'requests',
  'announcements',
  'repairs',
  'repairUpdates',
  'repairVisits',
  'repairComments',
] as const;
export const MailTopicSchema = z.enum(MAIL_TOPICS);
export type MailTopic = z.infer<typeof MailTopicSchema>;

export const MAIL_TOPIC_LABELS: Record<MailTopic, { label: string; description: string }> = {
  receipts: {
    label: 'Payment receipts',
    description:
      'A receipt for every rent payment, by card or recorded by the office, for a charge paid at the office and for your deposit received or given back; a note when a card payment is refunded or the office undoes a payment it recorded; and when the office charges you something besides rent, or cancels such a charge.',
  },
  rent: {
    label: 'Rent reminders',
    description: 'A reminder a few days before rent is due, and a notice if it becomes overdue.',
  },
  lease: {
    label: 'Lease updates',
    description: 'When a lease request is decided, and 60 and 30 days before a lease ends.',
  },
  requests: {
    label: 'New lease requests',
    description: 'For the office: each lease request as it comes in.',
  },
  announcements: {
    label: 'Announcements',
    description: 'Each new announcement from the building, by email as well as on the site.',
  },
  repairs: {
    label: 'Maintenance requests',
    description:
      'For the office: each maintenance request as it comes in, and when a tenant cancels or reopens one.',
  },
  repairUpdates: {
    label: 'Maintenance status',
    description:
      'Each change in the status of your maintenance requests, and a repair cost charged to you or its charge cancelled.',
  },
  repairVisits: {
    label: 'Maintenance visits',
    description: 'When a visit to fix something is scheduled or moved.',
  },
  repairComments: {
    label: 'Maintenance comments',
    description: 'Each new comment on a maintenance request of yours.',
  },
};

/** Who is asked about a topic: the requests topic is the admins'. */
export const topicsFor = (role: 'user' | 'member' | 'admin'): MailTopic[] =>
  role === 'admin'
    ? ['requests', 'repairs', 'repairComments', 'announcements']
    : role === 'member'
      ? [
          'receipts',
          'rent',
          'lease',
          'repairUpdates',
          'repairVisits',
          'repairComments',
          'announcements',
        ]
      : ['receipts', 'rent', 'lease', 'announcements'];

export const MailPreferencesSchema = z.strictObject({
  receipts: z.boolean(),
  rent: z.boolean(),
  lease: z.boolean(),
  requests: z.boolean(),
  announcements: z.boolean(),
  repairs: z.boolean(),
  repairUpdates: z.boolean(),
  repairVisits: z.boolean(),
  repairComments: z.boolean(),
});
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

/** Everything on, except announcements, which people opt into. */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = {
  receipts: true,
  rent: true,
  lease: true,
  requests: true,
  announcements: false,
  repairs: true,
  repairUpdates: true,
  repairVisits: true,
  repairComments: true,
};

export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const UnsubscribeSchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
  topic: MailTopicSchema,
});
export type Unsubscribe = z.infer<typeof UnsubscribeSchema>;

export const UnsubscribedSchema = z.object({ topic: MailTopicSchema, message: z.string() });

export const UNSUBSCRIBE_MESSAGES = {
  done: (label: string) =>
    `You will no longer get “${label}” emails. You can turn them back on in your account.`,
  badLink: 'This unsubscribe link is not valid. Change what you get by email in your account.',
} as const;
