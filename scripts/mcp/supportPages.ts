import { escapeHtml, layout } from "./shopLayout.js";

interface HelpArticle {
  slug: string;
  title: string;
  paragraphs: readonly string[];
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "shipping",
    title: "Shipping and delivery",
    paragraphs: [
      "Orders placed before 2 pm ship the same working day.",
      "Standard delivery takes 3 to 5 working days; express delivery takes 1 to 2.",
    ],
  },
  {
    slug: "returns",
    title: "Returns and refunds",
    paragraphs: [
      "You can return most items within 45 days of delivery, unused and in their original packaging.",
      "Refunds reach your card 5 to 10 working days after we receive the parcel.",
      "Gift cards and personalised items cannot be returned.",
    ],
  },
  {
    slug: "payment",
    title: "Payment methods",
    paragraphs: ["We accept Visa, Mastercard, American Express and PayPal.", "Your card is charged when the order ships."],
  },
  {
    slug: "account",
    title: "Your account",
    paragraphs: ["Sign up to track orders and save addresses.", "You can delete your account at any time from its settings."],
  },
];

export function helpCenterPage(cartCount: number): string {
  return layout(
    "Help center",
    `<h1>Help center</h1>
<p>Answers to the questions we hear most.</p>
<ul>${HELP_ARTICLES.map((article) => `<li><a href="/help/${article.slug}">${escapeHtml(article.title)}</a></li>`).join("")}</ul>`,
    cartCount,
  );
}

export function helpArticlePage(article: HelpArticle, cartCount: number): string {
  return layout(
    article.title,
    `<article><h1>${escapeHtml(article.title)}</h1>${article.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("")}</article>
<p><a href="/help">Back to the help center</a></p>`,
    cartCount,
  );
}

export const CONTACT_TOPICS = ["Order question", "Returns", "Product advice", "Something else"] as const;

export function contactPage(cartCount: number): string {
  return layout(
    "Contact us",
    `<h1>Contact us</h1>
<p>We answer within one working day.</p>
<form method="post" action="/contact">
  <label>Topic <select name="topic">${CONTACT_TOPICS.map((topic) => `<option>${topic}</option>`).join("")}</select></label>
  <label>Your email <input type="email" name="email" required></label>
  <label>Order number <input name="order"></label>
  <label>Message <textarea name="message" rows="4" required></textarea></label>
  <button type="submit">Send message</button>
</form>`,
    cartCount,
  );
}

export function contactSentPage(ticket: string, cartCount: number): string {
  return layout(
    "Message sent",
    `<h1>Thanks, we have your message</h1>
<p>Your ticket number is <strong>${escapeHtml(ticket)}</strong>.</p>`,
    cartCount,
  );
}
