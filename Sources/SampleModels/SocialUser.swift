import DictionaryStorage
import Foundation
import LosslessJSON

/// A user.
@DictionaryStorage
public struct User {
    public var id: Int = 0
    public var name: String = ""
}

/// A social user: a user plus profile fields in one object.
@DictionaryStorage
public struct SocialUser {
    @Flattened public var user: User
    public var username: String = ""
    public var isPublic: Bool = false
}
