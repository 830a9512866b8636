// Words every page can show: loading and session states, a dialog's close and cancel, the error boundary's.
import { studioCatalogue } from './catalogue.js';

export const COMMON = studioCatalogue('studio-common', [
  'common.loading',
  'common.checkingSession',
  'common.close',
  'common.cancel',
  'common.somethingWrong',
  'common.unexpected',
  'common.reload',
]);
