#pragma once
/// @file roffwriter.h
/// @brief Writes a man page in roff (man(7) macros) from plain text: escapes backslashes,
/// hyphens and leading control characters so any help text prints as written.

#include <QString>

/// @brief Builds one man page; text() is the finished page.
class RoffWriter {
public:
    /// @brief `.TH` line: page name (e.g. "pecards-cli"), section (1), the source ("PE Cards 0.1.0")
    /// and the manual's title ("User Commands"). No date: the page is reproducible.
    RoffWriter(const QString& name, int section, const QString& source, const QString& manual);

    /// @brief `.SH TITLE`.
    void section(const QString& title);
    /// @brief `.SS title`.
    void subsection(const QString& title);
    /// @brief A filled paragraph (line breaks in `text` become spaces).
    void paragraph(const QString& text);
    /// @brief Lines printed as written (`.nf` / `.fi`), with their common indent removed.
    void preformatted(const QString& text);
    /// @brief `.TP`: `tag` in bold, with an optional italic `argument`, then the filled `text`.
    void tagged(const QString& tag, const QString& argument, const QString& text);

    /// @brief The page so far.
    const QString& text() const { return m_text; }

    /// @brief `text` safe as roff input text (no requests, no escapes, hyphens as \-).
    static QString escape(const QString& text);

private:
    void line(const QString& text);
    QString m_text;
};
