import {
  clockTime,
  dayLabel,
  monthLabel,
  ordinal,
  PAYMENT_METHOD_IN_SENTENCE,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type MailKind,
  type MailTopic,
} from '@structomate/contract';
import { z } from 'zod';
import type { MailContent } from '../mail/mail.service';

const bdt = (amount: number) => `${amount.toLocaleString('en-US')} BDT`;

/** The terms a lease was accepted with, as the tenant's welcome carries them. */
const AcceptedLeaseSchema = z.object({
  startDate: z.string(),
  /** The building's day it was accepted on (absent from notices written before it was carried). */
  acceptedOn: z.string().optional(),
  endDate: z.string().nullable(),
  rent: z.number(),
  dueDay: z.number().nullable(),
  deposit: z.number().nullable(),
  /**
   * When its first rent falls due, as the ledger billed it on acceptance: the months due that day
   * and their sum (absent from notices written before it was carried, and when nothing is due).
   */
  firstDue: z
    .object({ dueOn: z.string(), months: z.array(z.string()).min(1), amount: z.number() })
    .optional(),
});

/** A charge recorded as paid: its receipt, and the correction when that record is undone. */
const ChargePaidSchema = z.object({
  chargeId: z.string(),
  description: z.string(),
  amount: z.number(),
  /** How it was paid, as a sentence names it ("cash", "bKash"). */
  method: z.string(),
  receivedOn: z.string(),
});

/** Which request a maintenance notice is about. */
const RepairSchema = z.object({
  requestId: z.string(),
  number: z.number(),
  title: z.string(),
  apartmentNo: z.string(),
});

/** A deposit entry the office recorded, as its receipt tells it. */
const DepositNoticeSchema = z.object({
  /** The entry's id (notices queued before 0033 have none). */
  entryId: z.string().optional(),
  entry: z.enum(['received', 'refunded']),
  amount: z.number(),
  method: z.string(),
  date: z.string(),
  apartmentNo: z.string(),
  /** What the building holds after this entry. */
  held: z.number(),
});

/** What each kind of notice carries, written when it happens, so the mail needs no lookup. */
export const NoticeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('receipt'),
    data: z.object({
      month: z.string(),
      amount: z.number(),
      /** The month's rent and a coupon's discount off it (card payments; absent in older notices). */
      rent: z.number().optional(),
      discount: z.number().optional(),
      method: z.string(),
      paidOn: z.string(),
      apartmentNo: z.string(),
      paymentId: z.string(),
      /** The office's reference of a payment it recorded by hand ("Receipt book 3, page 9"). */
      reference: z.string().nullish(),
    }),
  }),
  z.object({
    kind: z.literal('refund'),
    data: z.object({
      month: z.string(),
      /** Whole BDT, as the tenant saw it. */
      amount: z.number(),
      /** The charge as the provider made it (minor units of `currency`), given back whole. */
      charged: z.string(),
      /** Why, as the end of "We refunded it because …". */
      reason: z.string(),
    }),
  }),
  z.object({
    kind: z.literal('payment-undone'),
    data: z.object({
      month: z.string(),
      amount: z.number(),
      /** How it was recorded as paid, in a sentence ("cash", "bKash"). */
      method: z.string(),
      receivedOn: z.string(),
      reason: z.string(),
      /** Whether its receipt had gone out (absent, from the release before: taken as sent). */
      receiptSent: z.boolean().optional(),
    }),
  }),
  z.object({ kind: z.literal('charge-receipt'), data: ChargePaidSchema }),
  z.object({
    kind: z.literal('charge-undone'),
    data: ChargePaidSchema.extend({
      reason: z.string(),
      /** Whether its receipt had gone out. */
      receiptSent: z.boolean(),
    }),
  }),
  z.object({
    kind: z.literal('charge-added'),
    data: z.object({
      chargeId: z.string(),
      description: z.string(),
      amount: z.number(),
      apartmentNo: z.string(),
    }),
  }),
  z.object({
    kind: z.literal('charge-cancelled'),
    data: z.object({
      chargeId: z.string(),
      description: z.string(),
      amount: z.number(),
      /** The building's day it was charged. */
      chargedOn: z.string(),
      reason: z.string(),
      /** Whether the notice that charged it had gone out. */
      chargeSent: z.boolean(),
      /**
       * A repair's charge: told under the same topic as the notice that charged it. Absent from
       * the release before, when every charge was a repair's.
       */
      repair: z.boolean().default(true),
    }),
  }),
  z.object({ kind: z.literal('deposit-entry'), data: DepositNoticeSchema }),
  z.object({
    kind: z.literal('deposit-undone'),
    data: DepositNoticeSchema.extend({
      /** The entry undone (recorded by mistake), as it was; `held` is what is held after the undo. */
      entryId: z.string(),
      reason: z.string(),
      /** Whether its receipt had gone out. */
      receiptSent: z.boolean(),
    }),
  }),
  z.object({
    kind: z.literal('rent-reminder'),
    data: z.object({ month: z.string(), amount: z.number(), dueOn: z.string() }),
  }),
  z.object({
    kind: z.literal('rent-overdue'),
    data: z.object({ month: z.string(), amount: z.number(), dueOn: z.string() }),
  }),
  z.object({
    kind: z.literal('request-received'),
    data: z.object({ applicant: z.string(), email: z.string(), apartmentNo: z.string() }),
  }),
  z.object({
    kind: z.literal('request-accepted'),
    data: z.object({
      apartmentNo: z.string(),
      /** The lease's terms as accepted (absent from notices written before they were carried). */
      lease: AcceptedLeaseSchema.optional(),
    }),
  }),
  z.object({ kind: z.literal('request-rejected'), data: z.object({ apartmentNo: z.string() }) }),
  z.object({
    kind: z.literal('lease-ending'),
    data: z.object({ apartmentNo: z.string(), endsOn: z.string(), days: z.number() }),
  }),
  z.object({
    kind: z.literal('announcement'),
    data: z.object({ title: z.string(), description: z.string() }),
  }),
  z.object({
    kind: z.literal('maintenance-new'),
    data: RepairSchema.extend({ tenant: z.string(), urgency: z.string(), description: z.string() }),
  }),
  z.object({
    kind: z.literal('maintenance-status'),
    data: RepairSchema.extend({ status: z.string(), note: z.string().nullable() }),
  }),
  z.object({
    kind: z.literal('maintenance-visit'),
    data: RepairSchema.extend({
      date: z.string(),
      from: z.string(),
      to: z.string(),
      who: z.string().nullable(),
    }),
  }),
  z.object({
    kind: z.literal('maintenance-comment'),
    data: RepairSchema.extend({ author: z.string(), body: z.string() }),
  }),
  z.object({
    kind: z.literal('maintenance-charge'),
    data: RepairSchema.extend({
      chargeId: z.string(),
      /** What the cost was for, as the admin entered it ("Parts: New mixer valve"). */
      what: z.string(),
      amount: z.number(),
    }),
  }),
  z.object({
    kind: z.literal('maintenance-tenant-move'),
    data: RepairSchema.extend({
      tenant: z.string(),
      move: z.enum(['cancel', 'reopen']),
      reason: z.string().nullable(),
    }),
  }),
]);
export type Notice = z.infer<typeof NoticeSchema>;
export type NoticeKind = Notice['kind'] & MailKind;

export const TOPIC_OF: Record<NoticeKind, MailTopic> = {
  receipt: 'receipts',
  refund: 'receipts',
  'payment-undone': 'receipts',
  'charge-receipt': 'receipts',
  'charge-undone': 'receipts',
  'charge-cancelled': 'receipts',
  'charge-added': 'receipts',
  'deposit-entry': 'receipts',
  'deposit-undone': 'receipts',
  'rent-reminder': 'rent',
  'rent-overdue': 'rent',
  'request-received': 'requests',
  'request-accepted': 'lease',
  'request-rejected': 'lease',
  'lease-ending': 'lease',
  announcement: 'announcements',
  'maintenance-new': 'repairs',
  'maintenance-status': 'repairUpdates',
  'maintenance-visit': 'repairVisits',
  'maintenance-comment': 'repairComments',
  'maintenance-tenant-move': 'repairs',
  'maintenance-charge': 'repairUpdates',
};

/**
 * The topic a notice is mailed under: its kind's, but a cancelled charge's is that of the notice
 * that charged it (a repair's, Maintenance status), so whoever was told of the charge is told of
 * its cancellation.
 */
export const topicOf = (notice: Notice): MailTopic =>
  notice.kind === 'charge-cancelled' && notice.data.repair
    ? 'repairUpdates'
    : TOPIC_OF[notice.kind];

/** The email for a notice, addressed to `name`; links point into the site at `siteUrl`. */
export function noticeMail(notice: Notice, name: string, siteUrl: string): MailContent {
  const dashboard = (path: string) => `${siteUrl}/dashboard/${path}`;
  switch (notice.kind) {
    case 'receipt': {
      const { month, amount, rent, discount, method, paidOn, apartmentNo, paymentId, reference } =
        notice.data;
      // A coupon's discount is shown as the receipt page shows it: the rent, what came off, paid.
      const amounts: [string, string][] =
        rent !== undefined && discount !== undefined && discount > 0
          ? [
              ['Rent', bdt(rent)],
              ['Discount', `−${bdt(discount)}`],
              ['Amount paid', bdt(amount)],
            ]
          : [['Amount', bdt(amount)]];
      const fromDeposit = method === PAYMENT_METHOD_IN_SENTENCE.deposit;
      return {
        subject: `Receipt: rent for ${monthLabel(month)}`,
        preview: fromDeposit
          ? `${bdt(amount)} of your security deposit paid the rent for ${monthLabel(month)}.`
          : `${bdt(amount)} received for ${monthLabel(month)}. Thank you.`,
        heading: fromDeposit ? 'Rent paid from your deposit' : 'Payment received',
        paragraphs: [
          fromDeposit
            ? `Hello ${name}, the building office paid the rent for ${monthLabel(month)} from your security deposit for apartment ${apartmentNo}.`
            : `Hello ${name}, thank you: we received the rent for ${monthLabel(month)}.`,
        ],
        details: [
          ['Apartment', apartmentNo],
          ['Month', monthLabel(month)],
          ...amounts,
          [fromDeposit ? 'Paid from' : 'Paid by', methodLabel(method)],
          ...(reference ? [['Reference', reference] as [string, string]] : []),
          [fromDeposit ? 'Paid on' : 'Received', dayLabel(paidOn)],
        ],
        action: { label: 'View the receipt', url: dashboard(`paymentHistory/${paymentId}`) },
      };
    }
    case 'refund': {
      const { month, amount, charged, reason } = notice.data;
      return {
        subject: `Refund: your card payment for ${monthLabel(month)}`,
        preview: `Your card payment of ${bdt(amount)} for ${monthLabel(month)} was refunded in full.`,
        heading: 'Card payment refunded',
        paragraphs: [
          `Hello ${name}, we refunded your card payment for ${monthLabel(month)} in full, because ${reason}.`,
          'Your bank may take 5 to 10 working days to show it. Nothing else is needed from you for this charge.',
        ],
        details: [
          ['Month', monthLabel(month)],
          ['Refunded', charged],
        ],
        action: { label: 'See my payment history', url: dashboard('paymentHistory') },
      };
    }
    case 'payment-undone': {
      const { month, amount, method, receivedOn, reason, receiptSent = true } = notice.data;
      const fromDeposit = method === PAYMENT_METHOD_IN_SENTENCE.deposit;
      return {
        subject: `Correction: the rent for ${monthLabel(month)} is shown as unpaid again`,
        preview: `The office undid a payment it had recorded for ${monthLabel(month)}.`,
        heading: 'A recorded payment was undone',
        paragraphs: [
          `Hello ${name}, the building office had recorded the rent for ${monthLabel(month)} as paid: ${bdt(amount)} ${
            fromDeposit
              ? `from ${method} on ${dayLabel(receivedOn)}`
              : `by ${method}, received ${dayLabel(receivedOn)}`
          }. ${
            receiptSent
              ? 'It has undone that record, so the month is shown as unpaid again, and the receipt it sent you no longer holds.'
              : 'It has undone that record before its receipt was sent, so the month is shown as unpaid again.'
          }${fromDeposit ? ` The ${bdt(amount)} is back in your deposit.` : ''}`,
          `The office’s reason: ${reason}`,
          fromDeposit
            ? 'If you think this is a mistake, ask the office.'
            : 'If you did pay that month, keep your proof of payment and tell the office.',
        ],
        details: [
          ['Month', monthLabel(month)],
          ['Amount', bdt(amount)],
        ],
        action: { label: 'See my payments', url: dashboard('paymentHistory') },
      };
    }
    case 'charge-receipt': {
      const { chargeId, description, amount, method, receivedOn } = notice.data;
      return {
        subject: `Receipt: ${bdt(amount)} for “${description}”`,
        preview: `${bdt(amount)} received by ${method} for “${description}”. Thank you.`,
        heading: 'Charge paid',
        paragraphs: [
          `Hello ${name}, thank you: the building office received ${bdt(amount)} by ${method} for “${description}”. Nothing more is owed for it.`,
        ],
        details: [
          ['For', description],
          ['Amount', bdt(amount)],
          ['Received', dayLabel(receivedOn)],
        ],
        action: { label: 'See the charge', url: dashboard(`charges/${chargeId}`) },
      };
    }
    case 'charge-undone': {
      const { chargeId, description, amount, method, receivedOn, reason, receiptSent } =
        notice.data;
      return {
        subject: `Correction: “${description}” is shown as owed again`,
        preview: `The office undid a payment it had recorded for “${description}”.`,
        heading: 'A recorded payment was undone',
        paragraphs: [
          `Hello ${name}, the building office had recorded “${description}” as paid: ${bdt(amount)} by ${method}, received ${dayLabel(receivedOn)}. ${
            receiptSent
              ? 'It has undone that record, so the charge is shown as owed again, and the receipt it sent you no longer holds.'
              : 'It has undone that record before its receipt was sent, so the charge is shown as owed again.'
          }`,
          `The office’s reason: ${reason}`,
          'If you did pay it, keep your proof of payment and tell the office.',
        ],
        details: [
          ['For', description],
          ['Amount', bdt(amount)],
        ],
        action: { label: 'See the charge', url: dashboard(`charges/${chargeId}`) },
      };
    }
    case 'charge-added': {
      const { chargeId, description, amount, apartmentNo } = notice.data;
      return {
        subject: `${bdt(amount)} charged to you: “${description}”`,
        preview: `${description}: ${bdt(amount)}, owed besides the rent.`,
        heading: 'A charge was added to your account',
        paragraphs: [
          `Hello ${name}, the building office charged ${bdt(amount)} to your account for apartment ${apartmentNo}: “${description}”.`,
          'It is owed besides the rent and paid at the building office (cash, bank transfer, bKash or Nagad). If you think it is wrong, tell the office.',
        ],
        details: [
          ['For', description],
          ['Amount', bdt(amount)],
        ],
        action: { label: 'See the charge', url: dashboard(`charges/${chargeId}`) },
      };
    }
    case 'charge-cancelled': {
      const { chargeId, description, amount, chargedOn, reason, chargeSent } = notice.data;
      return {
        subject: `Cancelled: “${description}” is no longer owed`,
        preview: `The office cancelled a charge of ${bdt(amount)}: you do not owe it.`,
        heading: 'A charge was cancelled',
        paragraphs: [
          chargeSent
            ? `Hello ${name}, the building office cancelled “${description}”, ${bdt(amount)} charged to you on ${dayLabel(chargedOn)}: you do not owe it.`
            : `Hello ${name}, the building office charged “${description}”, ${bdt(amount)}, to your account on ${dayLabel(chargedOn)} and cancelled it before telling you of it: you do not owe it.`,
          `The office’s reason: ${reason}`,
        ],
        details: [
          ['For', description],
          ['Amount', bdt(amount)],
          ['Owed for it', bdt(0)],
        ],
        action: { label: 'See the charge', url: dashboard(`charges/${chargeId}`) },
      };
    }
    case 'deposit-entry': {
      const { entry, amount, method, date, apartmentNo, held } = notice.data;
      const received = entry === 'received';
      return {
        subject: received
          ? `Receipt: deposit of ${bdt(amount)} for ${apartmentNo}`
          : `Your deposit: ${bdt(amount)} given back`,
        preview: received
          ? `${bdt(amount)} of your security deposit received by ${method}.`
          : `${bdt(amount)} of your security deposit was given back by ${method}.`,
        heading: received ? 'Deposit received' : 'Deposit given back',
        paragraphs: [
          received
            ? `Hello ${name}, the building office received ${bdt(amount)} by ${method} as the security deposit for apartment ${apartmentNo}.`
            : `Hello ${name}, the building office gave back ${bdt(amount)} of your security deposit for apartment ${apartmentNo}, by ${method}.`,
        ],
        details: [
          ['Apartment', apartmentNo],
          [received ? 'Received' : 'Given back', bdt(amount)],
          ['On', dayLabel(date)],
          ['Deposit now held', bdt(held)],
        ],
        action: { label: 'See my lease', url: dashboard('myProfile') },
      };
    }
    case 'deposit-undone': {
      const { entry, amount, method, date, apartmentNo, held, reason, receiptSent } = notice.data;
      const received = entry === 'received';
      const what = received
        ? `${bdt(amount)} received by ${method} on ${dayLabel(date)} as the security deposit for apartment ${apartmentNo}`
        : `${bdt(amount)} of the security deposit for apartment ${apartmentNo} given back by ${method} on ${dayLabel(date)}`;
      const receipt = receiptSent
        ? 'and the receipt it sent you no longer holds'
        : 'before its receipt was sent';
      return {
        subject: received
          ? `Correction: the deposit of ${bdt(amount)} was not received`
          : `Correction: ${bdt(amount)} of your deposit was not given back`,
        preview: `The office undid a deposit ${received ? 'receipt' : 'refund'} it had recorded by mistake.`,
        heading: received ? 'A deposit receipt was undone' : 'A deposit refund was undone',
        paragraphs: [
          `Hello ${name}, the building office had recorded ${what}. It has undone that record, ${receipt}: the building now holds ${bdt(held)} of your deposit.`,
          `The office’s reason: ${reason}`,
          received
            ? 'If you did pay it, keep your proof of payment and tell the office.'
            : 'If you did receive it, tell the office.',
        ],
        details: [
          ['Apartment', apartmentNo],
          [received ? 'Not received' : 'Not given back', bdt(amount)],
          ['Deposit now held', bdt(held)],
        ],
        action: { label: 'See my lease', url: dashboard('myProfile') },
      };
    }
    case 'rent-reminder': {
      const { month, amount, dueOn } = notice.data;
      return {
        subject: `Rent for ${monthLabel(month)} is due on ${dayLabel(dueOn)}`,
        preview: `${bdt(amount)} falls due on ${dayLabel(dueOn)}.`,
        heading: 'Rent is due soon',
        paragraphs: [
          `Hello ${name}, a reminder that the rent for ${monthLabel(month)}, ${bdt(amount)}, falls due on ${dayLabel(dueOn)}.`,
          'If you have paid already, thank you: ignore this email.',
        ],
        action: { label: 'Pay rent', url: dashboard('payments') },
      };
    }
    case 'rent-overdue': {
      const { month, amount, dueOn } = notice.data;
      return {
        subject: `Rent for ${monthLabel(month)} is overdue`,
        preview: `${bdt(amount)} was due on ${dayLabel(dueOn)}.`,
        heading: 'Rent is overdue',
        paragraphs: [
          `Hello ${name}, the rent for ${monthLabel(month)}, ${bdt(amount)}, was due on ${dayLabel(dueOn)} and has not reached us.`,
          'Please pay it now, or talk to the building’s office if something is in the way.',
        ],
        action: { label: 'Pay rent', url: dashboard('payments') },
      };
    }
    case 'request-received': {
      const { applicant, email, apartmentNo } = notice.data;
      return {
        subject: `New lease request for ${apartmentNo}`,
        preview: `${applicant} asks to rent ${apartmentNo}.`,
        heading: 'A new lease request',
        paragraphs: [`${applicant} (${email}) asks to rent apartment ${apartmentNo}.`],
        action: { label: 'Review requests', url: dashboard('agreement-requests') },
      };
    }
    case 'request-accepted': {
      const { apartmentNo, lease } = notice.data;
      return {
        subject: `Your lease for ${apartmentNo} is accepted`,
        preview:
          lease && !startedBefore(lease)
            ? `Welcome home: your lease starts on ${dayLabel(lease.startDate)}.`
            : 'Welcome home: your request was accepted.',
        heading: 'Welcome home',
        paragraphs: [
          `Hello ${name}, your request to rent apartment ${apartmentNo} was accepted. You are now a member: your rent account and the building’s announcements are in your dashboard.`,
        ],
        // The lease as accepted: the office may have moved its start from the one asked for.
        ...(lease && { details: acceptedLease(apartmentNo, lease) }),
        action: { label: 'Open my dashboard', url: dashboard('myProfile') },
      };
    }
    case 'request-rejected':
      return {
        subject: `Your request for ${notice.data.apartmentNo} was declined`,
        preview: 'Your lease request was not accepted.',
        heading: 'Your request was declined',
        paragraphs: [
          `Hello ${name}, your request to rent apartment ${notice.data.apartmentNo} was not accepted. Other apartments may be free: have a look at the listing.`,
        ],
        action: { label: 'See apartments', url: `${siteUrl}/apartment` },
      };
    case 'lease-ending': {
      const { apartmentNo, endsOn, days } = notice.data;
      return {
        subject: `Your lease ends on ${dayLabel(endsOn)}`,
        preview: `${days} days left on the lease of ${apartmentNo}.`,
        heading: `Your lease ends in ${days} days`,
        paragraphs: [
          `Hello ${name}, the lease of apartment ${apartmentNo} ends on ${dayLabel(endsOn)}.`,
          'To stay longer, talk to the building’s office about renewing it.',
        ],
        action: { label: 'See my lease', url: dashboard('myProfile') },
      };
    }
    case 'announcement':
      return {
        subject: notice.data.title,
        preview: notice.data.description.slice(0, 120),
        heading: notice.data.title,
        paragraphs: notice.data.description.split(/\n{2,}/),
        action: { label: 'Read it on the site', url: dashboard('') },
      };
    case 'maintenance-new': {
      const { number, title, apartmentNo, tenant, urgency, description } = notice.data;
      const emergency = urgency === 'emergency';
      return {
        subject: `${emergency ? 'EMERGENCY: ' : ''}Maintenance request #${number} from ${apartmentNo}: ${title}`,
        preview: `${tenant} reports: ${title}`,
        heading: emergency ? 'An emergency was reported' : 'A new maintenance request',
        paragraphs: [
          `${tenant} (apartment ${apartmentNo}) reported “${title}”.`,
          ...description.split(/\n{2,}/).slice(0, 3),
        ],
        details: [
          ['Request', `#${number}`],
          ['Urgency', urgency.charAt(0).toUpperCase() + urgency.slice(1)],
        ],
        action: {
          label: 'Open the request',
          url: dashboard(`maintenance/${notice.data.requestId}`),
        },
      };
    }
    case 'maintenance-status': {
      const { number, title, status, note } = notice.data;
      return {
        subject: `Request #${number} is now ${status.toLowerCase()}`,
        preview: `“${title}”: ${status}.`,
        heading: `Your request is now ${status.toLowerCase()}`,
        paragraphs: [
          `Hello ${name}, your maintenance request #${number}, “${title}”, is now ${status.toLowerCase()}.`,
          ...(note ? [note] : []),
        ],
        action: {
          label: 'See the request',
          url: dashboard(`maintenance/${notice.data.requestId}`),
        },
      };
    }
    case 'maintenance-visit': {
      const { number, title, date, who } = notice.data;
      const [from, to] = [clockTime(notice.data.from), clockTime(notice.data.to)];
      return {
        subject: `Visit for request #${number}: ${dayLabel(date)}, ${from}–${to}`,
        preview: `Someone will come on ${dayLabel(date)} between ${from} and ${to}.`,
        heading: 'A visit is scheduled',
        paragraphs: [
          `Hello ${name}, for your request #${number}, “${title}”, ${who ?? 'someone from the building'} will come on ${dayLabel(date)} between ${from} and ${to}.`,
          'If that time does not suit you, say so in a comment on the request.',
        ],
        details: [
          ['Day', dayLabel(date)],
          ['Between', `${from} and ${to}`],
        ],
        action: {
          label: 'See the request',
          url: dashboard(`maintenance/${notice.data.requestId}`),
        },
      };
    }
    case 'maintenance-comment': {
      const { number, title, author, body } = notice.data;
      return {
        subject: `New comment on request #${number}`,
        preview: `${author}: ${body.slice(0, 100)}`,
        heading: `${author} wrote`,
        paragraphs: [`On request #${number}, “${title}”:`, ...body.split(/\n{2,}/)],
        action: { label: 'Reply', url: dashboard(`maintenance/${notice.data.requestId}`) },
      };
    }
    case 'maintenance-charge': {
      const { number, title, what, amount, chargeId } = notice.data;
      return {
        subject: `Request #${number}: ${bdt(amount)} charged to you`,
        preview: `${what}: ${bdt(amount)}, owed besides the rent.`,
        heading: 'A repair cost is charged to you',
        paragraphs: [
          `Hello ${name}, a cost of your maintenance request #${number}, “${title}”, is charged to you: ${what}, ${bdt(amount)}.`,
          'It is owed besides the rent and paid at the building office (cash, bank transfer, bKash or Nagad). If you think it is wrong, say so in a comment on the request.',
        ],
        details: [
          ['Request', `#${number}`],
          ['Amount', bdt(amount)],
        ],
        action: { label: 'See the charge', url: dashboard(`charges/${chargeId}`) },
      };
    }
    case 'maintenance-tenant-move': {
      const { number, title, apartmentNo, tenant, move, reason } = notice.data;
      const done = move === 'cancel' ? 'cancelled' : 'reopened';
      return {
        subject: `Request #${number} was ${done} by its tenant`,
        preview: `${tenant} ${done} “${title}”.`,
        heading: `A request was ${done}`,
        paragraphs: [
          `${tenant} (apartment ${apartmentNo}) ${done} request #${number}, “${title}”.`,
          ...(reason ? [`Their reason: ${reason}`] : []),
        ],
        action: {
          label: 'Open the request',
          url: dashboard(`maintenance/${notice.data.requestId}`),
        },
      };
    }
  }
}

/** Whether the lease began before it was accepted (the request asked for an earlier start). */
const startedBefore = (lease: z.infer<typeof AcceptedLeaseSchema>) =>
  lease.acceptedOn !== undefined && lease.startDate < lease.acceptedOn;

/** The rows of an accepted lease's mail: where, from when, until when, and what it costs. */
function acceptedLease(
  apartmentNo: string,
  lease: z.infer<typeof AcceptedLeaseSchema>,
): [string, string][] {
  const rows: [string, string][] = [
    ['Apartment', apartmentNo],
    [startedBefore(lease) ? 'Lease started' : 'Lease starts', dayLabel(lease.startDate)],
  ];
  if (lease.endDate) rows.push(['Fixed term ends', dayLabel(lease.endDate)]);
  const due = lease.dueDay ? `, due on the ${ordinal(lease.dueDay)}` : '';
  rows.push(['Rent', `${bdt(lease.rent)} a month${due}`]);
  if (lease.firstDue) {
    const { dueOn, months, amount } = lease.firstDue;
    const first = months[0] ?? '';
    const last = months.at(-1) ?? first;
    rows.push([
      'First rent due',
      months.length === 1
        ? dayLabel(dueOn)
        : `${dayLabel(dueOn)}, for ${months.length} months (${monthLabel(first)} to ${monthLabel(last)}): ${bdt(amount)}`,
    ]);
  }
  if (lease.deposit) rows.push(['Deposit', bdt(lease.deposit)]);
  return rows;
}

/**
 * The method a notice carries (as a sentence names it: "bKash", "bank transfer", "card") as the
 * app labels it: "bKash", "Bank transfer", "Card" (not "BKash").
 */
function methodLabel(method: string): string {
  const known = PAYMENT_METHODS.find(
    (each) => each === method || PAYMENT_METHOD_IN_SENTENCE[each] === method,
  );
  return known ? PAYMENT_METHOD_LABELS[known] : method;
}
