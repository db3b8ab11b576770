"""hocdsl's documents (the Markdown files here), installed as the package ``hocdsl.docs``: ``hoc docs NAME`` prints one."""
