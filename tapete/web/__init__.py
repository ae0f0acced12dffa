"""The browser client: static HTML, CSS and ES modules in `static/`, served by the table server at `/`."""
