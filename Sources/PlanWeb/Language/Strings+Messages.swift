import PlanCore
import PlanNotes

/// The words for everything the board refuses or reports, in the reader's language.
extension Strings {
    /// A column's name ("Today", "今天").
    func column(_ column: BoardColumn) -> String {
        self("column.\(column.rawValue)")
    }

    /// "3 tasks", "3 項任務".
    func tasks(_ count: Int) -> String {
        self.count("board.tasks", count)
    }

    func message(_ error: PlanError) -> String {
        switch error {
        case .titleEmpty: self("plan.titleEmpty")
        case .titleTooLong(let count): self("plan.titleTooLong", ["count": count, "limit": PlanError.maxTitleLength])
        case .titleControlCharacters: self("plan.titleControlCharacters")
        case .unknownColumn(let name): self("plan.unknownColumn", ["name": name])
        case .taskNotFound: self("plan.taskNotFound")
        case .taskDeleted(let title): self("plan.taskDeleted", ["title": title])
        case .taskFinished(let title): self("plan.taskFinished", ["title": title])
        case .anchorIsTask: self("plan.anchorIsTask")
        case .staleAnchor(let anchor?): self("plan.staleAnchor", ["anchor": anchor])
        case .staleAnchor(nil): self("plan.staleAnchorUnnamed")
        case .movedSince(let title): self("plan.movedSince", ["title": title])
        case .moveIDReused(let id): self("plan.moveIDReused", ["id": id])
        case .invalidField(let name, let problem): self("plan.invalidField", ["name": name, "reason": message(problem)])
        case .nothingToUndo: self("plan.nothingToUndo")
        case .editedElsewhere(let title): self("plan.editedElsewhere", ["title": title])
        case .changedSince(let title): self("plan.changedSince", ["title": title])
        case .cannotGoBack(let title): self("plan.cannotGoBack", ["title": title])
        case .notesRejected(let limit): message(limit)
        case .importRejected(let problem): self("plan.importRejected", ["reason": message(problem)])
        case .importNotUndoable: self("plan.importNotUndoable")
        case .importNotFound: self("plan.importNotFound")
        case .importUndoneAlready: self("plan.importUndoneAlready")
        case .importTasksNotLogged: self("plan.importTasksNotLogged")
        case .importChangedSince(let title): self("plan.importChangedSince", ["title": title])
        case .taskInLogbook(let title): self("plan.taskInLogbook", ["title": title])
        case .notInLogbook(let title): self("plan.notInLogbook", ["title": title])
        case .uploadsWaiting(let limit): self("plan.uploadsWaiting", ["limit": limit])
        case .uploadRoomFull: self("plan.uploadRoomFull")
        case .importRepeats(let repeats): count("plan.importRepeats", repeats)
        }
    }

    func message(_ problem: FieldProblem) -> String {
        switch problem {
        case .missingColumn: self("field.column")
        case .notATaskID: self("field.taskID")
        case .notAWholeNumber: self("field.number")
        case .notABoolean: self("field.bool")
        case .tooLong(let limit): self("field.moveIDLength", ["limit": limit])
        case .unknownPlace: self("field.to")
        case .upOrDownInAnotherColumn: self("field.upDownColumn")
        case .unknownNotesFormat: self("field.notesFormat")
        case .unknownListChoice: self("field.list")
        case .unknownLanguage: self("field.language")
        case .unknownBatchAction: self("field.batchAction")
        case .selection(let limit): self("field.selection", ["limit": limit])
        case .notADate: self("field.date")
        case .dateOutOfRange: self("field.dateRange", ["first": BoardDay.years.lowerBound, "last": BoardDay.years.upperBound])
        case .unknownTimeZone: self("field.timeZone")
        case .notAnHour: self("field.hour")
        case .unknownRepeat: self("field.repeat")
        case .controlCharacters: self("field.controlCharacters")
        case .missing: self("field.missing")
        case .tooManyWords(let limit): self("field.tooManyWords", ["limit": limit])
        case .noSuchChecklistItem(let count): self("field.checklistItem", ["count": count])
        case .notAChecklist: self("field.notAChecklist")
        }
    }

    func message(_ limit: NotesLimit) -> String {
        switch limit {
        case let .tooLarge(size, limit): self("notes.tooLarge", ["size": size, "limit": limit])
        case let .tooLargeOnceCleaned(size, limit): self("notes.tooLargeOnceCleaned", ["size": size, "limit": limit])
        case let .nestedTooDeeply(levels): self("notes.nestedTooDeeply", ["limit": levels])
        case .unreadable: self("notes.parserUnavailable")
        }
    }

    func message(_ problem: ImportProblem) -> String {
        switch problem {
        case .empty: self("import.empty")
        case .notJSON: self("import.notJSON")
        case .notAnObject: self("import.notObject")
        case let .malformed(path, field):
            self("import.malformed", ["detail": detail(path: path.isEmpty ? self("import.topLevel") : path, field)])
        case let .unsupportedVersion(version, lowest, highest):
            self("import.version", ["version": version, "lowest": lowest, "highest": highest])
        case .noColumns: self("import.noColumns")
        case .unknownColumn(let name): self("import.unknownColumn", ["name": name])
        case .neitherFormat: self("import.neither")
        case .tooManyTasks(let limit): self("import.tooManyTasks", ["limit": limit])
        case let .notes(title, limit): self("import.notes", ["title": title, "reason": message(limit)])
        case .noFile: self("import.noFile")
        }
    }

    private func detail(path: String, _ field: MalformedField) -> String {
        func kind(_ kind: MalformedField.ValueKind) -> String {
            switch kind {
            case .text: self("import.kind.text")
            case .boolean: self("import.kind.bool")
            case .number: self("import.kind.number")
            case .list: self("import.kind.list")
            case .object: self("import.kind.object")
            }
        }
        return switch field {
        case .missing: self("import.missing", ["path": path])
        case .shouldBe(let expected): self("import.shouldBe", ["path": path, "kind": kind(expected)])
        case .null(let expected): self("import.isNull", ["path": path, "kind": kind(expected)])
        case .unreadable: self("import.corrupted", ["path": path])
        }
    }

    func message(_ error: WebError) -> String {
        switch error {
        case .forbidden: self("web.forbidden")
        case .tooLarge(let limit): self("web.tooLarge", ["limit": limit / 1024])
        case .badRequest(let reason): message(reason)
        case .notFound: self("web.notFound")
        case .unsupportedMediaType(let type): self("web.unsupportedMediaType", ["type": type])
        case .misdirected: self("web.misdirected")
        case .crossSite: self("web.crossSite")
        case .methodNotAllowed: self("web.methodNotAllowed")
        case .unauthorized: self("web.unauthorized")
        case .timeout: self("web.timeout")
        case .tooManyStreams: self("web.tooManyStreams")
        case .heavyRequestsBusy(let wait): self("web.heavyBusy", ["seconds": Int(wait.components.seconds)])
        case .uploadGone: self("web.uploadGone")
        case .tooManyGuesses: self("web.tooManyGuesses")
        }
    }

    func message(_ reason: BadRequest) -> String {
        switch reason {
        case .noBoundary: self("bad.boundary")
        case .tooManyFields(let limit): self("bad.tooManyFields", ["limit": limit])
        case .notAFlatJSONObject: self("bad.jsonShape")
        case .badPercentEncoding: self("bad.percent")
        case .invalidUTF8: self("bad.utf8")
        case .malformedMultipart: self("bad.multipart")
        case .tooManyParts(let limit): self("bad.tooManyParts", ["limit": limit])
        case .unterminatedPartHeaders: self("bad.partHeaders")
        case .truncated: self("bad.truncated")
        case .fieldNotUTF8(let name): self("bad.fieldUTF8", ["name": name])
        case .partWithoutName: self("bad.partName")
        case .malformedHost: self("bad.host")
        case .absoluteTarget: self("bad.target")
        case .transferCoding: self("bad.transferCoding")
        }
    }

    /// "Removed 1 script and 2 event attributes.", or "" when nothing was removed.
    func removal(_ report: RemovalReport) -> String {
        let items = RemovalReport.Category.allCases.compactMap { category in
            report[category] > 0 ? count("removed.\(category.key)", report[category]) : nil
        }
        guard let last = items.last else { return "" }
        let list = items.count == 1 ? last : items.dropLast().joined(separator: self("removed.comma")) + self("removed.and") + last
        return self("removed.sentence", ["items": list])
    }
}
