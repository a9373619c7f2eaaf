import type { DescribedTarget } from "../../extension/background/gatekeeper/confirmationRules.js";

/**
 * A submit button of a POST form as describe_ref reports it, for the gatekeeper's unit tests:
 * `form` gives where it posts and what it sends, `extra` any other fact.
 */
export function describedSubmitter(
  name: string,
  form: Pick<DescribedTarget, "formAction" | "formFields" | "formIsSearch">,
  extra: Partial<DescribedTarget> = {},
): DescribedTarget {
  return {
    ref: "s1_1_1",
    role: "button",
    name,
    tag: "button",
    type: "",
    submitsForm: true,
    inForm: true,
    formHasPassword: false,
    formMethod: "post",
    formSubmitName: name,
    ...form,
    ...extra,
  };
}
