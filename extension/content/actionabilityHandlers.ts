import type { ContentHandlers } from "./contentHandlers.js";
import type { actionabilityContentRequests } from "../../protocol/content/actionabilityRequests.js";
import { prepareAction } from "./actionability/prepareAction.js";
import { selectOption } from "./actions/selectOptionInPage.js";
import { scrollToRef } from "./actions/scrollToInPage.js";
import { prepareTyping, readValue } from "./actions/prepareTyping.js";
import { waitForText } from "./waiting/waitForText.js";
import { waitForDomQuiet } from "./waiting/domQuiet.js";
import { pageActivityAfter, watchMutations } from "./waiting/mutationClock.js";
import { refBox, targetBox } from "./visualization/actionHighlight.js";
import { setFiles } from "./actions/setFilesInPage.js";
import { observe } from "./snapshot/observation.js";
import { checkDispatchAt } from "./actionability/trustedDispatchCheck.js";
import { checkFocus } from "./actionability/focusJudgement.js";
import { fieldState } from "./actions/fieldState.js";
import { describeTarget } from "./describeTarget.js";

type ActionabilityOp = keyof typeof actionabilityContentRequests;

export const actionabilityHandlers: ContentHandlers<ActionabilityOp> = {
  prepare_action: async (request, { registry }) => {
    const prepared = await prepareAction(registry, request.ref, request.purpose, request.exactPoint, request.force === true);
    // In the same trip: one message fewer on every click, and one fewer per judged write.
    const box = request.highlight === true ? targetBox(registry.resolve(prepared.ref).element) : null;
    // A recovered ref names another element than the one judged: the gatekeeper asks about the ref itself.
    const described = request.describe === true && prepared.ref === request.ref ? describeTarget(registry, { ref: prepared.ref }) : null;
    return { ...prepared, ...(box === null ? {} : { highlightBox: box }), ...(described === null ? {} : { described }) };
  },
  select_option: (request, { registry }) =>
    selectOption(registry, request.ref, { values: request.values ?? [], labels: request.labels ?? [] }),
  scroll_to: (request, { registry }) => scrollToRef(registry, request.ref),
  check_dispatch: (request, { registry }) => checkDispatchAt(registry, request.ref, request.point, request.purpose),
  check_focus: (request, { registry }) => checkFocus(registry, request.ref, request.purpose),
  wait_for: (request) => waitForText(request),
  dom_quiet: async (request, { registry }) => {
    const waited = await waitForDomQuiet(request.quietMs, request.maxMs, request.after);
    const activity = request.activitySince === undefined ? undefined : pageActivityAfter(request.activitySince);
    const result = activity === undefined ? waited : { ...waited, activity };
    if (!result.quiet || request.observe === undefined) return result;
    try {
      return { ...result, observation: observe(registry, request.observe) };
    } catch {
      // The worker observes on its own then; a failed read must not make a quiet page look busy.
      return result;
    }
  },
  watch_mutations: () => {
    watchMutations();
    return { watching: true };
  },
  prepare_typing: (request, { registry }) => prepareTyping(registry, request.ref, request.mode),
  read_value: (request, { registry }) => readValue(registry, request.ref),
  field_state: (request, { registry }) => fieldState(registry, request.ref),
  highlight: (request, { registry }) => refBox(registry, request.ref),
  set_files: (request, { registry }) => setFiles(registry, request.ref, request.files),
};
