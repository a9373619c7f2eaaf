import type { ErrorDetails, ErrorResponse } from "../../protocol/index.js";

/** The structured facts of a socket error answer, as a thrown WebOperatorError would carry them. */
export function detailsOf(response: ErrorResponse): ErrorDetails {
  return {
    ...(response.confirmation === undefined ? {} : { confirmation: response.confirmation }),
    ...(response.stage === undefined ? {} : { stage: response.stage }),
  };
}
