// Message ids handed to react-intl are the catalogue's (packages/shared/src/i18n): a misspelt id does not compile.
import type { MessageId } from "@firepath/shared/i18n/messages";

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
