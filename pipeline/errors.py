"""The one exception type for user mistakes: printed as one line, never a traceback."""


class UserError(Exception):
    """A problem with the user's input or set-up; its message says what to do."""
