"""Reference interpreters: whole-buffer numpy evaluation of irc's IR, for checking passes on CPU."""
