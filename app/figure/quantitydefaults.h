#pragma once
/// @file quantitydefaults.h
/// @brief The colour map and pixel reduction a view of a quantity gets unless the user picks
/// one: the one rule the GUI's views and compare tab, and `pecards-cli render --workspace` for
/// compare pairs that store none, share.

#include <QString>
#include <QStringList>
#include <pecards/params.h>
#include <pecards/view.h>

namespace pecards::app {

/// @brief The default colour map (colormaplist.h name) of `quantity` on `card`: "diverging" for
/// encoding tables and scores of both signs (score, content score); `sequential` for the phase
/// [0, 2 pi) and the ALiBi bias (one sign in every form); "magma" for attention (log scale) and
/// the unseen-angle fraction; "cividis" for bucket indices.
/// @param sequential the sequential map: the GUI's "colour map" preference, "viridis" by default
QString defaultColormap(Quantity quantity, Card card, const QString& sequential = QStringLiteral("viridis"));

/// @brief The default reduction of `quantity`: exact mean for tables, scores and the unseen
/// fraction; exact max for positional attention (the peaks stay visible); sample for the phase
/// (a mean of angles mod 2 pi is meaningless), bucket indices and the content views (exact
/// reductions of content views cost a logit per entry).
Reduction defaultReduction(Quantity quantity);

/// @brief The views a card shows when the app starts that print as figures, in slot order, named
/// as pecards-cli names them (quantity names and chart names, figure/curves.h chartName):
/// sinusoidal table, score, waves, phase; relative buckets, score, attention, buckets-vs-offset;
/// ALiBi score, attention, bias-vs-distance, content-attention; RoPE score, phase, polar,
/// spectrum; RoPE + ALiBi score, attention, bias-vs-distance, decay. The card handout of
/// pecards-cli draws these; a GUI test keeps them equal to the app's first slots.
QStringList defaultFigureNames(Card card);

} // namespace pecards::app
