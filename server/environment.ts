/**
 * What the client changes in the environment it starts the language server with.
 *
 * Node loads every certificate named by NODE_EXTRA_CA_CERTS while it starts, before any of the server's
 * code runs. With a system bundle there (as corporate machines and CI images often set it), a bare
 * `node -e 0` takes 85–120 ms on our 2-core machines instead of 30–40 ms: more than the server itself
 * adds before answering `initialize`. The server opens no connections, so it starts without it.
 * An undefined value removes the variable: Node's spawn leaves such entries out.
 */
export const serverEnvironment: Readonly<Record<string, undefined>> = { NODE_EXTRA_CA_CERTS: undefined };
