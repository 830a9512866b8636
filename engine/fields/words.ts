// The words a field's value is described with in a prompt's settings list and the reader's view (a checkbox's
// Yes/No, an empty flags list), in every language of the table: its words in
// languages/<code>/field-words.yaml, English's and Malay's too.
import { catalogue } from '../languages/index.js';

export const FIELD_WORDS = catalogue('field-words', ['yes', 'no', 'none']);
