// Everything happens in the page so the demo needs no server-side logic.
const form = document.getElementById("signup");
const result = document.getElementById("result");

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  if (name === "") {
    result.textContent = "Please enter your name.";
    return;
  }
  const digest = form.elements.weekly.checked ? "the weekly digest" : "announcements only";
  result.textContent = `Thanks, ${name}! You are signed up for ${digest}.`;
});
