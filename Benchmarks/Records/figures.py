"""The figures a benchmark measured, kept as data for `Benchmarks/run` to put in its record.

A script calls `record` once a figure: when `Benchmarks/run` runs it, `$BENCHMARK_FIGURES` names a
file and the figure is appended to it as one line of JSON (the fields `results/schema.json` says);
when a person runs the script alone, nothing is written and the script prints as it always did.
"""

import json
import os
import statistics


def kept(value):
    """A value as the record keeps it: a count whole, a measure to six significant digits."""
    return value if isinstance(value, int) else float(f"{value:.6g}")


def spread(values):
    """The median, the mean, the middle half (first and third quartiles), the least and the most
    of `values`, and how many they are."""
    values = sorted(values)
    if len(values) == 1:
        q1 = q3 = values[0]
    else:
        q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    measured = {
        "median": statistics.median(values),
        "mean": statistics.fmean(values),
        "q1": q1,
        "q3": q3,
        "min": values[0],
        "max": values[-1],
    }
    return {name: kept(value) for name, value in measured.items()} | {"runs": len(values)}


def record(name, unit, values, peer=None, peer_values=None, better="lower", yardstick=False):
    """Keeps one figure: `values` in `unit` (one value for an exact count such as instructions), and
    where it is judged against another command, that command's name and its values, of the same
    runs, from which its ratio is worked out, median to median. `better` says which way is better:
    "lower" for a time or a count, "higher" for a rate. A `yardstick` is another's command that
    ours are judged against (`task list`, hello): `report --compare` leaves it out."""
    path = os.environ.get("BENCHMARK_FIGURES")
    if not path:
        return
    figure = {"name": name, "unit": unit, "better": better, **spread(values)}
    if yardstick:
        figure["yardstick"] = True
    if peer is not None:
        figure["peer"] = peer
        figure["ratio"] = kept(statistics.median(values) / statistics.median(peer_values))
    with open(path, "a", encoding="utf-8") as figures:
        figures.write(json.dumps(figure) + "\n")
