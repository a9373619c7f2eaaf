/** Text put into a page's HTML, with the characters that would break out of it escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Dollars as shop pages print them: `$32.95`. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * Every page of the bench site: a header with the store's search form and its navigation
 * (with the cart's item count, which the product page's script updates in place), the page's
 * own main content, and a footer, as a small real store prints them.
 */
export function layout(title: string, main: string, cartCount: number, script = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Northwind Outfitters</title><link rel="icon" href="data:,"></head>
<body>
<header>
  <a href="/">Northwind Outfitters</a>
  <form role="search" action="/search" method="get"><label>Search products <input type="search" name="q"></label> <button type="submit">Search</button></form>
  <nav aria-label="Main"><ul>
    <li><a href="/shop">Shop all</a></li>
    <li><a href="/help">Help center</a></li>
    <li><a href="/signup/details">Sign up</a></li>
    <li><a href="/contact">Contact us</a></li>
    <li><a href="/cart" id="cart-link">Cart (<span id="cart-count">${cartCount}</span>)</a></li>
  </ul></nav>
</header>
<main>
${main}
</main>
<footer><p>Northwind Outfitters, 12 Harbour Road, Portland. Open Monday to Saturday.</p></footer>
${script}
</body></html>`;
}
