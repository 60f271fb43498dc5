// Talking to the server: JSON over HTTP with the session token (docs/api.md), and the
// game's WebSocket. Errors become ApiError with the server's message.

const TOKEN_KEY = "sanctum.token";
const NAME_KEY = "sanctum.name";

export class ApiError extends Error {
  constructor(status, body) {
    const err = body?.error;
    super((typeof err === "object" ? err?.message : err) || body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = typeof err === "object" ? err?.code : undefined;
    this.details = typeof err === "object" ? err?.details : undefined;
  }
}

export function session() {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { token, name: localStorage.getItem(NAME_KEY) || "" } : null;
}

export function setSession(token, name) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(NAME_KEY, name);
}

export function clearSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
}

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  const s = session();
  if (s) headers.Authorization = `Bearer ${s.token}`;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const resp = await fetch(path, init);
  const text = await resp.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (!resp.ok) throw new ApiError(resp.status, data);
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);
export const put = (path, body) => api("PUT", path, body);

/// Opens the game's socket; `onMessage` gets each parsed push. Reconnects after a drop
/// until `close()` is called.
export function openSocket(gameId, onMessage, onStatus) {
  let ws = null;
  let closed = false;
  let retry = 500;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    // Browsers cannot set headers on a WebSocket: the token goes in the query (the
    // session cookie would do too).
    const s = session();
    const query = s ? `?token=${encodeURIComponent(s.token)}` : "";
    ws = new WebSocket(`${proto}//${location.host}/api/games/${gameId}/ws${query}`);
    ws.onopen = () => {
      retry = 500;
      onStatus?.("connected");
    };
    ws.onmessage = (m) => {
      try {
        onMessage(JSON.parse(m.data));
      } catch (e) {
        console.warn("bad push", e);
      }
    };
    ws.onclose = () => {
      if (closed) return;
      onStatus?.("reconnecting");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  };
  connect();
  return {
    close() {
      closed = true;
      ws?.close();
    },
  };
}
