// What a list or page says when it could not load, when the browser is offline or the server cannot be
// reached (errors are not empty states), in both studio languages.
import { studioCatalogue } from './catalogue.js';

export const STATES = studioCatalogue('studio-states', [
  'state.retry',
  'state.retrying',
  'state.offline',
  'state.serverDown',
  'state.loadFailed',
  // A failure the studio finds itself, carried by its code alone (studio/src/lib/api.ts ApiError): `state.<code>`.
  'state.connection_closed',
  'state.edition_connection_closed',
  'state.network',
  'state.http_error',
]);
