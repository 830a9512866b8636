// The title a package cannot do without: none given, none of the book's own, and no text for the title step to
// read one from. Data (a catalogue code and its values), worded in the writer's language by the CLI and the server.
import { KaryaError } from '../karya-error.js';
import { catalogueMessage } from '../errors.js';

export class PublishTitleError extends KaryaError {
  readonly code = 'publish_title_needed';
  readonly vars: Readonly<Record<string, string>>;
  constructor(vars: { generator: string }) {
    super(catalogueMessage('publish_title_needed', 'en', vars), { httpStatus: 422 });
    this.name = 'PublishTitleError';
    this.vars = vars;
    (this as { params?: Readonly<Record<string, string>> }).params = vars;
  }
}
