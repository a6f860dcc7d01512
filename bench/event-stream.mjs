// One live stream (GET /api/events) opened as a browser's EventSource would, on a socket of
// its own (node:http without a pooling agent), read with eventsource-parser: shared by the
// client processes of bench:live and bench:day.
import http from 'node:http';
import { createParser } from 'eventsource-parser';

/**
 * Opens the stream and settles with 'opened' once its `ready` event is heard, or with why not
 * ('status 503', 'error: ECONNRESET', 'closed before ready'). Every later event goes to
 * `onEvent`, every comment (the heartbeat) to `onComment`; `onResponse` gets the response
 * (to destroy it), `onReady` (with the stream's name the server gave it) and `onClose` mark
 * the stream's life.
 */
export function openEventStream(
  url,
  token,
  {
    onResponse = () => {},
    onReady = () => {},
    onEvent = () => {},
    onComment = () => {},
    onClose = () => {},
  },
) {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = http.request(`${url}/api/events`, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    request.on('error', (error) => settle(`error: ${error.code ?? error.message}`));
    request.on('response', (response) => {
      onResponse(response);
      if (response.statusCode !== 200) {
        response.resume();
        settle(`status ${response.statusCode}`);
        return;
      }
      response.setEncoding('utf8');
      const parser = createParser({
        onEvent: (event) => {
          if (event.event === 'ready') {
            onReady(JSON.parse(event.data).stream);
            settle('opened');
          } else onEvent(event);
        },
        onComment,
      });
      response.on('data', (chunk) => parser.feed(chunk));
      response.on('close', () => {
        onClose();
        settle('closed before ready');
      });
    });
    request.end();
  });
}
