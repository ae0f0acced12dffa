"""The OpenSpiel bridge's former path: `tapete.openspiel` is `tapete.envs.openspiel`, the very
same module (docs/api.md, "OpenSpiel"). New code imports `tapete.envs.openspiel`."""

import sys

from tapete.envs import openspiel

sys.modules[__name__] = openspiel
