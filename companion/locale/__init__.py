"""The message catalogues: <lang>/LC_MESSAGES/messages.po (and the .mo compiled from it).

See docs/I18N.md; ``companion.i18n`` loads them."""
