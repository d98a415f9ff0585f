#pragma once
/// @file viewslot.h
/// @brief One cell of a card's view grid: a choice of what to show and the current panel
/// (HeatmapPanel or ChartPanel), created on demand, in a framed box. No style sheet: widgets
/// under one do not follow application font changes (presentation mode).

#include "views/viewspec.h"

#include <QFrame>
#include <QList>
#include <functional>
#include <pecards/params.h>

class CardView;
class ComputeService;
class QComboBox;
class QVBoxLayout;

class ViewSlot : public QFrame {
    Q_OBJECT
public:
    using TitleFunction = std::function<QString(const ViewSpec&, const pecards::CardParams&)>;

    /// @param tagPrefix e.g. "rope/slot0"; the panel's tag appends the view id
    ViewSlot(ComputeService* service, const QString& tagPrefix, const QList<ViewSpec>& specs,
        TitleFunction title, QWidget* parent = nullptr);

    /// @brief Shows the view with this id (no-op for an unknown id).
    void showView(const QString& id);
    CardView* view() const { return m_view; }
    QComboBox* choice() const { return m_choice; }

    /// @brief New card parameters for the panel and its title.
    void setParams(const pecards::CardParams& params);

    /// @brief Sets the panel's title again (after a language change); computes nothing.
    void refreshTitle();

private:
    static bool isValid(const pecards::CardParams& params);

    ComputeService* m_service;
    QString m_tagPrefix;
    QList<ViewSpec> m_specs;
    TitleFunction m_title;
    QComboBox* m_choice = nullptr;
    QVBoxLayout* m_layout = nullptr;
    CardView* m_view = nullptr;
    pecards::CardParams m_params;
    pecards::CardParams m_titleParams; ///< the last valid parameters: what the picture shows
    bool m_hasParams = false;
};
