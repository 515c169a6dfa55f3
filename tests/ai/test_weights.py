import numpy as np

from ai import model
from ai.encoding import n_inputs
from ai.network import N_OUTPUTS
from engine.position import Position, Variant


def test_shipped_weights_load_and_are_small():
    for variant in Variant:
        path = model.weights_path(variant)
        assert path.stat().st_size < 2 * 1024 * 1024
        net = model.network(variant)
        assert net.w1.shape[0] == n_inputs(variant, net.scheme) and net.w2.shape[1] == N_OUTPUTS
        assert model.network(variant) is net  # loaded once
        p = model.probabilities([Position.initial(variant)])[0]
        assert np.all((p >= 0) & (p <= 1))
        assert 0.3 < p[0] < 0.75  # the opening is roughly even
