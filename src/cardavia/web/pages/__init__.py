"""The HTML pages: rendering, rules content, card art and the words handed to the browser."""
