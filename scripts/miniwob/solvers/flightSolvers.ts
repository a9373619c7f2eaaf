import { lineText, SolverError, type AgentView, type SnapshotLine } from "../agentView.js";
import { pick, readInstruction } from "../instruction.js";
import type { Solver } from "../solver.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Types a place into an autocomplete field and picks the first suggestion that holds it (the page accepts only its own entries). */
async function chooseSuggestion(view: AgentView, field: SnapshotLine, place: string): Promise<void> {
  await view.type(field, place);
  const suggestion = await view.waitForLine(
    (line) => line.ref !== null && line.role !== "textbox" && lineText(line).includes(place),
    `a suggestion holding "${place}"`,
  );
  await view.click(suggestion);
}

/** The month the date picker shows, from its title line ("November 2016"). */
function shownMonth(view: AgentView): { month: number; year: number } {
  for (const line of view.lines) {
    const match = new RegExp(`^(${MONTHS.join("|")})\\s+(\\d{4})$`).exec(lineText(line).trim());
    if (match !== null) return { month: MONTHS.indexOf(match[1] ?? ""), year: Number(match[2]) };
  }
  throw new SolverError("not_in_snapshot", "no month title in the date picker");
}

/** Opens the read-only date field's picker, steps to the month with Prev/Next, and clicks the day. */
async function pickDate(view: AgentView, field: SnapshotLine, date: string): Promise<void> {
  const [month = 0, day = 0, year = 0] = date.split("/").map(Number);
  await view.click(field);
  await view.waitForLine((line) => line.ref !== null && /^(Prev|Next)$/.test(line.name), "the date picker");
  for (let step = 0; step < 24; step++) {
    const shown = shownMonth(view);
    const offset = (year - shown.year) * 12 + (month - 1 - shown.month);
    if (offset === 0) {
      const dayLine = view.find((line) => line.role === "link" && line.name === String(day), `day ${day} in the date picker`);
      return view.click(dayLine);
    }
    await view.click(view.find((line) => line.ref !== null && line.name === (offset < 0 ? "Prev" : "Next"), "Prev/Next"));
    await view.snapshot();
  }
  throw new SolverError("not_in_snapshot", `the date picker never showed ${date}`);
}

/** "5h 23m" as minutes. */
const minutesOf = (text: string): number | null => {
  const match = /^(\d+)h (\d+)m$/.exec(text.trim());
  return match === null ? null : Number(match[1]) * 60 + Number(match[2]);
};

interface Flight {
  book: SnapshotLine;
  price: number;
  minutes: number;
}

/** Each result prints its duration, then its "Book flight for $N" button. */
function flightsOf(view: AgentView): Flight[] {
  const flights: Flight[] = [];
  let minutes: number | null = null;
  for (const line of view.lines) {
    minutes = minutesOf(lineText(line)) ?? minutes;
    const price = /^Book flight for \$(\d+)/.exec(line.name)?.[1];
    if (price === undefined || line.ref === null) continue;
    if (minutes === null) throw new SolverError("not_in_snapshot", `no duration before "${line.name}"`);
    flights.push({ book: line, price: Number(price), minutes });
    minutes = null;
  }
  if (flights.length === 0) throw new SolverError("not_in_snapshot", "no flight in the results");
  return flights;
}

const bookFlight: Solver = async (view) => {
  const instruction = await readInstruction(view);
  const goal = pick(instruction, /Book the (shortest|cheapest) one-way/, "shortest or cheapest");
  const from = pick(instruction, /from: (.+?) to:/, "origin");
  const to = pick(instruction, /to: (.+?) on \d/, "destination");
  const date = pick(instruction, /on (\d\d\/\d\d\/\d{4})\.?$/, "date");
  const named = (name: string) => view.find((line) => line.role === "textbox" && line.name === name, `textbox "${name}"`);
  await chooseSuggestion(view, named("From:"), from);
  await view.snapshot();
  await chooseSuggestion(view, named("To:"), to);
  await view.snapshot();
  // The date field has no name of its own: it is the textbox printed after the "Departure Date" text.
  const label = view.lines.findIndex((line) => lineText(line) === "Departure Date");
  const dateField = view.find((line) => line.role === "textbox", "the date field", view.lines.slice(label + 1));
  await pickDate(view, dateField, date);
  await view.snapshot();
  await view.click(view.find((line) => line.role === "button" && line.name === "Search", "Search"));
  await view.waitForLine((line) => /^Book flight for/.test(line.name), "the flight results");
  const flights = flightsOf(view);
  const best = flights.reduce((a, b) => ((goal === "cheapest" ? b.price < a.price : b.minutes < a.minutes) ? b : a));
  await view.click(best.book);
};

export const FLIGHT_SOLVERS: Record<string, Solver> = { "book-flight": bookFlight };
