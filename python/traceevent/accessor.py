# SPDX-License-Identifier: LGPL-2.1
"""The Series accessor ``.tev``: what a column's values mean, for a whole column.

A DataFrame from ``Trace.dataframe()`` keeps its typed columns in
``df.attrs["columns"]`` (pandas carries attrs to ``df["x"]``), so
``df["prev_state"].tev.text()`` knows the print fmt behind the values. Each
method runs in C++ over the numpy array, each distinct value worked out once.
"""
import numpy as np
import pandas as pd


def _values(series):
    """The series' integers as uint64 (the bits of signed values) and where they are valid."""
    if not (pd.api.types.is_integer_dtype(series.dtype) or pd.api.types.is_bool_dtype(series.dtype)):
        raise TypeError(f"column {series.name!r} holds {series.dtype}, not integers")
    missing = series.isna().to_numpy()
    valid = ~missing if missing.any() else None
    data = series.to_numpy(dtype=getattr(series.dtype, "numpy_dtype", series.dtype), na_value=0)
    return np.ascontiguousarray(data).astype(np.uint64, copy=False), valid


def _categorical(series, categorical):
    return pd.Series(categorical, index=series.index, name=series.name)


@pd.api.extensions.register_series_accessor("tev")
class TevAccessor:
    """``series.tev``: texts, flags, labels and symbols of a typed column's values."""

    def __init__(self, series):
        self._series = series

    @property
    def column(self):
        """The traceevent.Column the series' values come from."""
        columns = self._series.attrs.get("columns", {})
        if self._series.name not in columns:
            raise AttributeError(
                f"series {self._series.name!r} is not a column of a traceevent DataFrame "
                "(df.attrs['columns'] does not name it)")
        return columns[self._series.name]

    def _already(self, kind):
        # Enum and symbol columns of a DataFrame already hold names.
        return isinstance(self._series.dtype, pd.CategoricalDtype) and self.column.kind == kind

    def text(self):
        """Upstream's text of each value, as the print fmt prints it (a categorical)."""
        if isinstance(self._series.dtype, pd.CategoricalDtype):
            return self._series.copy()
        values, valid = _values(self._series)
        return _categorical(self._series, self.column.texts(values, valid))

    def flags(self):
        """A boolean DataFrame, one column per flag name: whether each value has all its bits."""
        values, valid = _values(self._series)
        matrix, names = self.column.flag_matrix(values)
        frame = pd.DataFrame(matrix, index=self._series.index, columns=names)
        if valid is not None and not valid.all():
            frame = frame.astype("boolean")
            frame[~valid] = pd.NA
        return frame

    def has(self, name):
        """Whether each value has every bit of the flag called name (a boolean Series)."""
        values, valid = _values(self._series)
        has = pd.Series(self.column.has_flag(values, name), index=self._series.index, name=name)
        if valid is not None and not valid.all():
            has = has.astype("boolean")
            has[~valid] = pd.NA
        return has

    def label(self):
        """An enum's label for each value (a categorical; NaN where no label names it)."""
        if self._already("enum"):
            return self._series.copy()
        values, valid = _values(self._series)
        return _categorical(self._series, self.column.labels_of(values, valid))

    def symbol(self):
        """The kernel function containing each address (a categorical; NaN where none does)."""
        if self._already("symbol"):
            return self._series.copy()
        values, valid = _values(self._series)
        return _categorical(self._series, self.column.symbols_of(values, valid))
