import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import type { MailMessage } from "../mailer.js";

/** One email's content: its layout (HTML) and its plain-text part are both made from this, never from raw HTML. */
export type EmailContent = {
  to: string;
  subject: string;
  /** The line mail apps show beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** Lines shown as a list (winners, figures). */
  list?: string[];
  /** The one thing to do next: a button in HTML, a labelled link in the text part. */
  action?: { label: string; url: string };
  /** Why the person got it, under the rule. */
  footer?: string;
  /** A non-essential email's one-click unsubscribe address: a link under the footer, and the RFC 8058 headers. */
  unsubscribe?: string;
  /** An event's email also reaches the recipient's bell: the subject, the preview line, and the action's page. */
  inApp?: boolean;
};

const brand = "#7c3aed";
const styles = {
  body: {
    backgroundColor: "#f8fafc",
    fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: "16px",
    margin: "24px auto",
    maxWidth: "560px",
    padding: "32px",
  },
  brand: { color: brand, fontSize: "20px", fontWeight: 800, margin: "0 0 24px" },
  heading: { color: "#0f172a", fontSize: "22px", lineHeight: "30px", margin: "0 0 16px" },
  text: { color: "#334155", fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" },
  item: { color: "#0f172a", fontSize: "15px", lineHeight: "22px", margin: "0 0 6px" },
  button: {
    backgroundColor: brand,
    borderRadius: "12px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "15px",
    fontWeight: 700,
    padding: "12px 20px",
    textDecoration: "none",
  },
  footer: { color: "#64748b", fontSize: "12px", lineHeight: "18px", margin: 0 },
} as const;

/** The site's look in an email: the FanBoost name, a heading, the text, one button. Every value is escaped by React. */
function EmailLayout({ content }: { content: EmailContent }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>FanBoost</Text>
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={styles.text}>
              {paragraph}
            </Text>
          ))}
          {content.list ? (
            <Section style={{ margin: "0 0 14px" }}>
              {content.list.map((item) => (
                <Text key={item} style={styles.item}>
                  • {item}
                </Text>
              ))}
            </Section>
          ) : null}
          {content.action ? (
            <Section style={{ margin: "8px 0 24px" }}>
              <Button href={content.action.url} style={styles.button}>
                {content.action.label}
              </Button>
            </Section>
          ) : null}
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 16px" }} />
          <Text style={styles.footer}>
            {content.footer ?? "You received this email because of your FanBoost account."}
          </Text>
          {content.unsubscribe ? (
            <Text style={styles.footer}>
              <Link href={content.unsubscribe} style={{ color: "#64748b" }}>
                Unsubscribe from these emails
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part: the same content, links on their own line so every mail app can open them. */
function plainText(content: EmailContent): string {
  const parts = [content.heading, ...content.paragraphs];
  if (content.list) parts.push(content.list.map((item) => `- ${item}`).join("\n"));
  if (content.action) parts.push(`${content.action.label}:\n${content.action.url}`);
  parts.push(`--\n${content.footer ?? "You received this email because of your FanBoost account."}`);
  if (content.unsubscribe) parts.push(`Unsubscribe from these emails:\n${content.unsubscribe}`);
  return `${parts.join("\n\n")}\n`;
}

/** The page an action leads to, as a path of this site (the bell's link stays on the site that shows it). */
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** An email with its HTML part (the layout) and its plain-text part, ready for the outbox. */
export async function composeEmail(content: EmailContent): Promise<MailMessage> {
  return {
    to: content.to,
    subject: content.subject,
    text: plainText(content),
    html: await render(<EmailLayout content={content} />),
    ...(content.inApp
      ? {
          notification: {
            title: content.subject,
            body: content.preview,
            link: content.action ? pathOf(content.action.url) : null,
          },
        }
      : {}),
    ...(content.unsubscribe
      ? {
          headers: {
            "List-Unsubscribe": `<${content.unsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  };
}
