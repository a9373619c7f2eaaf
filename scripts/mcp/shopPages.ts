import { dollars, escapeHtml, layout } from "./shopLayout.js";

export interface Product {
  slug: string;
  name: string;
  cents: number;
  blurb: string;
}

export const PRODUCTS: readonly Product[] = [
  { slug: "trail-mug", name: "Trail Mug", cents: 1850, blurb: "Double-walled steel, keeps coffee hot for six hours." },
  { slug: "enamel-camp-mug", name: "Enamel Camp Mug", cents: 1400, blurb: "Classic speckled enamel, 350 ml." },
  { slug: "wool-beanie", name: "Wool Beanie", cents: 2200, blurb: "Merino wool, one size." },
  { slug: "canvas-tote", name: "Canvas Tote", cents: 1600, blurb: "Heavy canvas with an inner pocket." },
  { slug: "headlamp", name: "Headlamp 300", cents: 3400, blurb: "300 lumens, USB-C charging." },
  { slug: "dry-bag", name: "Dry Bag 20 L", cents: 2700, blurb: "Roll-top, waterproof to IPX6." },
];

/** What the cart page charges on top of the goods. */
export const SHIPPING_CENTS = 495;

export interface CartLine {
  product: Product;
  quantity: number;
}

const productCard = (product: Product): string =>
  `<li><a href="/product/${product.slug}">${escapeHtml(product.name)}</a> <span>${dollars(product.cents)}</span></li>`;

export function homePage(cartCount: number): string {
  return layout(
    "Home",
    `<h1>Gear for the trail and the table</h1>
<p>New this week: enamel mugs and merino beanies.</p>
<h2>Featured</h2>
<ul>${PRODUCTS.slice(2, 5).map(productCard).join("")}</ul>`,
    cartCount,
  );
}

export function shopAllPage(cartCount: number): string {
  return layout("Shop all", `<h1>All products</h1><ul>${PRODUCTS.map(productCard).join("")}</ul>`, cartCount);
}

export function searchPage(query: string, cartCount: number): string {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = PRODUCTS.filter((product) => words.every((word) => product.name.toLowerCase().includes(word)));
  const list = found.length > 0 ? `<ul>${found.map(productCard).join("")}</ul>` : "<p>No products match.</p>";
  return layout(`Search: ${query}`, `<h1>Results for “${escapeHtml(query)}”</h1><p>${found.length} products</p>${list}`, cartCount);
}

/**
 * A product page whose Add to cart is a POST form, as Shopify and WooCommerce themes print it:
 * without script it posts and lands on the cart; the theme's script posts it with fetch
 * instead and updates the page in place (a status line and the header's cart count).
 */
export function productPage(product: Product, cartCount: number): string {
  return layout(
    product.name,
    `<h1>${escapeHtml(product.name)}</h1>
<p>${dollars(product.cents)}</p>
<p>${escapeHtml(product.blurb)}</p>
<form method="post" action="/cart/add" id="add-to-cart">
  <input type="hidden" name="product" value="${product.slug}">
  <label>Quantity <input type="number" name="quantity" value="1" min="1" max="10"></label>
  <button type="submit">Add to cart</button>
</form>
<p role="status" id="cart-status"></p>`,
    cartCount,
    `<script>
const form = document.getElementById("add-to-cart");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const response = await fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)), headers: { accept: "application/json" } });
  const cart = await response.json();
  document.getElementById("cart-count").textContent = String(cart.count);
  document.getElementById("cart-status").textContent = "Added " + form.quantity.value + " to your cart.";
});
</script>`,
  );
}

export function cartPage(lines: readonly CartLine[], cartCount: number): string {
  const subtotal = lines.reduce((sum, line) => sum + line.product.cents * line.quantity, 0);
  const shipping = lines.length > 0 ? SHIPPING_CENTS : 0;
  const rows = lines
    .map(
      (line) =>
        `<tr><td><a href="/product/${line.product.slug}">${escapeHtml(line.product.name)}</a></td><td>${line.quantity}</td><td>${dollars(line.product.cents * line.quantity)}</td></tr>`,
    )
    .join("");
  return layout(
    "Cart",
    `<h1>Your cart</h1>
<table><thead><tr><th>Product</th><th>Quantity</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>
<p>Subtotal: ${dollars(subtotal)}</p>
<p>Shipping: ${dollars(shipping)}</p>
<p><strong>Total: ${dollars(subtotal + shipping)}</strong></p>
<a href="/checkout">Check out</a>`,
    cartCount,
  );
}
