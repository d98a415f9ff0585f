#pragma once
/// @file cleanviews.h
/// @brief Waits until every view of a card has answered the card's current parameters without a
/// message (heatmaps and charts; panels of their own are not asked), naming the messages when not.

#include "cards/cardpage.h"
#include "compute/computeservice.h"
#include "guitestsupport.h"
#include "views/chartpanel.h"
#include "views/heatmapcontroller.h"
#include "views/heatmappanel.h"
#include "views/viewslot.h"
#include "widgets/chartwidget.h"
#include "widgets/heatmapwidget.h"

namespace guitest {

inline ::testing::AssertionResult awaitCleanViews(
    pecards::gui::CardPage* card, pecards::gui::ComputeService& service) {
    using namespace pecards::gui;
    const auto clean = [card, &service] {
        if (!service.isIdle() || !card->allViewsAnswered())
            return false;
        for (const ViewSlot* slot : card->viewSlots()) {
            if (const auto* heatmap = qobject_cast<const HeatmapPanel*>(slot->view())) {
                if (!heatmap->heatmap()->message().isEmpty()
                    || !(heatmap->controller()->lastRequest().params == card->params()))
                    return false;
            } else if (const auto* chart = qobject_cast<const ChartPanel*>(slot->view())) {
                if (!chart->chart()->message().isEmpty() || !(chart->lastRequest().params == card->params()))
                    return false;
            }
        }
        return true;
    };
    const ::testing::AssertionResult done = awaitCondition(clean, "every view without a message");
    if (done)
        return done;
    ::testing::AssertionResult failure = ::testing::AssertionFailure();
    for (const ViewSlot* slot : card->viewSlots()) {
        if (const auto* heatmap = qobject_cast<const HeatmapPanel*>(slot->view()))
            failure << heatmap->heatmap()->message().toStdString() << "; ";
        else if (const auto* chart = qobject_cast<const ChartPanel*>(slot->view()))
            failure << chart->chart()->message().toStdString() << "; ";
    }
    return failure;
}

} // namespace guitest
