/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The server runs under tsx with the repository's root tsconfig, which covers no server file:
// the pragmas above pick the automatic JSX runtime here whatever tsconfig applies.
// Each component from its own package: the @react-email/components barrel also loads the code
// block (Prism), Markdown and Tailwind, about 35 MB of a server's memory that no mail uses.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render } from '@react-email/render';

/**
 * What an email says, as data: every message the app sends is this one layout (the building's
 * name on top, a heading, paragraphs, at most one button, optional detail rows, a footer).
 */
export interface MailContent {
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows (a receipt's month, amount, ...). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** Small print under the button ("If you did not ask for this, ignore this email."). */
  note?: string;
}

export interface MailFrame {
  buildingName: string;
  siteUrl: string;
  /** One-click unsubscribe for this kind of mail; security mail has none. */
  unsubscribeUrl?: string;
}

const colors = { ink: '#1f2933', muted: '#52606d', line: '#e4e7eb', accent: '#0f766e' };
const font = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function MailLayout({ content, frame }: { content: MailContent; frame: MailFrame }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: '#f5f7fa', fontFamily: font, color: colors.ink, margin: 0 }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '32px 16px' }}>
          <Text style={{ fontSize: '15px', fontWeight: 700, color: colors.accent, margin: 0 }}>
            {frame.buildingName}
          </Text>
          <Section
            style={{
              backgroundColor: '#ffffff',
              border: `1px solid ${colors.line}`,
              borderRadius: '8px',
              padding: '24px',
              marginTop: '16px',
            }}
          >
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}>
              {content.heading}
            </Heading>
            {content.paragraphs.map((paragraph, index) => (
              <Text
                key={index}
                style={{ fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' }}
              >
                {paragraph}
              </Text>
            ))}
            {content.details && content.details.length > 0 ? (
              <table
                role="presentation"
                cellPadding={0}
                cellSpacing={0}
                style={{ width: '100%', margin: '8px 0 16px', borderCollapse: 'collapse' }}
              >
                <tbody>
                  {content.details.map(([label, value]) => (
                    <tr key={label}>
                      <td
                        style={{
                          padding: '8px 0',
                          borderTop: `1px solid ${colors.line}`,
                          color: colors.muted,
                          fontSize: '14px',
                        }}
                      >
                        {label}
                      </td>
                      <td
                        style={{
                          padding: '8px 0',
                          borderTop: `1px solid ${colors.line}`,
                          fontSize: '14px',
                          fontWeight: 600,
                          textAlign: 'right',
                        }}
                      >
                        {value}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {content.action ? (
              <Section style={{ margin: '24px 0 8px' }}>
                <Button
                  href={content.action.url}
                  style={{
                    backgroundColor: colors.accent,
                    color: '#ffffff',
                    borderRadius: '6px',
                    padding: '12px 20px',
                    fontSize: '15px',
                    fontWeight: 600,
                    textDecoration: 'none',
                  }}
                >
                  {content.action.label}
                </Button>
                <Text
                  style={{
                    fontSize: '13px',
                    lineHeight: '20px',
                    color: colors.muted,
                    // A long address wraps anywhere rather than widening the mail on a phone.
                    wordBreak: 'break-all',
                  }}
                >
                  Or open this address: {content.action.url}
                </Text>
              </Section>
            ) : null}
            {content.note ? (
              <Text
                style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: 0 }}
              >
                {content.note}
              </Text>
            ) : null}
          </Section>
          <Hr style={{ borderColor: colors.line, margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted, margin: 0 }}>
            {frame.buildingName} · <Link href={frame.siteUrl}>{frame.siteUrl}</Link>
          </Text>
          {frame.unsubscribeUrl ? (
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: colors.muted }}>
              You get this email because of your notification settings.{' '}
              <Link href={frame.unsubscribeUrl}>Unsubscribe from these emails</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The message as HTML and as plain text (for mail apps that show no HTML). */
export async function renderMail(content: MailContent, frame: MailFrame): Promise<RenderedMail> {
  const element = <MailLayout content={content} frame={frame} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}

export const REMOVED_LINK = 'The link is left out of the copy kept here.';

/** The same message without its link, for the copy kept once an SMTP server has it. */
export function withoutLink(content: MailContent): MailContent {
  if (!content.action) return content;
  const { action: _action, ...rest } = content;
  return { ...rest, paragraphs: [...content.paragraphs, REMOVED_LINK] };
}
