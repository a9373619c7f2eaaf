import { z } from "zod";

/**
 * The slice of the OpenAI-compatible chat-completions API (POST {OPENAI_BASE_URL}/chat/completions,
 * non-streaming) the Browser-Use task provider speaks. Local servers (llama.cpp, vLLM,
 * Ollama, LM Studio) answer the same shape; fields we do not read are let through.
 */

export const ChatMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The vision form of a user turn: text and image parts (`image_url` with a data: URL), as OpenAI-compatible vision servers take them. */
export const ChatContentPartSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("image_url"), image_url: z.object({ url: z.string() }) }),
]);

export const ChatRequestMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.union([z.string(), z.array(ChatContentPartSchema).min(1)]),
});
export type ChatRequestMessage = z.infer<typeof ChatRequestMessageSchema>;

export const ChatCompletionRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(ChatRequestMessageSchema).min(1),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

export const ChatCompletionResponseSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({ role: z.string().optional(), content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .looseObject({ prompt_tokens: z.number().int().nonnegative().optional(), completion_tokens: z.number().int().nonnegative().optional() })
    .nullable()
    .optional(),
});
export type ChatCompletionResponse = z.infer<typeof ChatCompletionResponseSchema>;

/** An error body as OpenAI and most compatible servers send it. */
export const ChatCompletionErrorBodySchema = z.looseObject({
  error: z.union([
    z.string(),
    z.looseObject({ message: z.string().optional(), type: z.string().nullable().optional(), code: z.unknown().optional() }),
  ]),
});
