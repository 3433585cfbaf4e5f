"""``python -m tablehallu`` runs the command-line interface."""

from tablehallu.cli import main

if __name__ == "__main__":
    main()
