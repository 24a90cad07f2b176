/** ICU plurals need Intl.PluralRules; a Hermes without it (older builds) gets FormatJS's polyfill with the English
 * and French rules. Number and date formatting use the engine's own Intl.NumberFormat and DateTimeFormat. */
import { shouldPolyfill } from "@formatjs/intl-pluralrules/should-polyfill.js";

if (shouldPolyfill("fr-CA") || shouldPolyfill("en-CA")) {
  require("@formatjs/intl-pluralrules/polyfill-force.js");
  require("@formatjs/intl-pluralrules/locale-data/en.js");
  require("@formatjs/intl-pluralrules/locale-data/fr.js");
}
